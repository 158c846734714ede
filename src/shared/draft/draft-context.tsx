import { createContext, useContext, type ReactNode } from 'react';
import type { DraftStatus } from './draft-storage.ts';

export interface DraftControls {
  readonly status: DraftStatus;
  /** Clears the draft on this device and in the machine, and goes home (after the applicant confirmed). */
  readonly startOver: () => void;
  readonly dismissNotice: () => void;
}

const noDraft: DraftControls = {
  status: { savedAt: null, failed: false, notice: null },
  startOver: () => {},
  dismissNotice: () => {},
};

const DraftContext = createContext<DraftControls>(noDraft);

export function DraftProvider({ value, children }: { value: DraftControls; children: ReactNode }) {
  return <DraftContext.Provider value={value}>{children}</DraftContext.Provider>;
}

/** The draft's status and controls; without a provider (stories, tests) nothing is saved. */
export function useDraft(): DraftControls {
  return useContext(DraftContext);
}
