import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { DraftStatus } from './draft-storage.ts';

export interface DraftControls {
  readonly status: () => DraftStatus;
  readonly subscribeStatus: (listener: () => void) => () => void;
  /** Clears the draft on this device and in the machine, and goes home (after the applicant confirmed). */
  readonly startOver: () => void;
  readonly dismissNotice: () => void;
}

const noStatus: DraftStatus = { savedAt: null, failed: false, notice: null };

const noDraft: DraftControls = {
  status: () => noStatus,
  subscribeStatus: () => () => {},
  startOver: () => {},
  dismissNotice: () => {},
};

const DraftContext = createContext<DraftControls>(noDraft);

export function DraftProvider({ value, children }: { value: DraftControls; children: ReactNode }) {
  return <DraftContext.Provider value={value}>{children}</DraftContext.Provider>;
}

/** The draft's controls; without a provider (stories, tests) nothing is saved. */
export function useDraft(): DraftControls {
  return useContext(DraftContext);
}

/**
 * One value derived from the draft's status (a string, a flag): the component re-renders only when
 * that value changes, not on every save (every keystroke saves).
 */
export function useDraftStatus<T extends string | boolean | null>(select: (status: DraftStatus) => T): T {
  const { status, subscribeStatus } = useDraft();
  const selected = () => select(status());
  // The pre-rendered home page (src/app/prerender-home.tsx) reads it on the server too.
  return useSyncExternalStore(subscribeStatus, selected, selected);
}
