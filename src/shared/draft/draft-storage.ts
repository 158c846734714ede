import type { Snapshot } from 'xstate';
import { readStoredDraft, toStoredDraft, type DraftReading } from './draft-format.ts';
import { draftStorageKey, revisionStorageKey, ssnStorageKey } from './draft-keys.ts';

/**
 * The draft on this device (decision 22): everything but the SSN in local storage, the SSN in session
 * storage (gone with the browser session). Saving never throws: a full or blocked storage is
 * reported through the status, and the application goes on.
 */

export interface DraftStatus {
  /** When this device last saved the draft (ISO), or null before the first save. */
  readonly savedAt: string | null;
  readonly failed: boolean;
  /** Said once when the app started clean because the saved draft could not be used. */
  readonly notice: 'corrupt' | 'shape' | 'newer' | null;
}

export interface DraftStorage {
  load(): DraftReading;
  save(persisted: Snapshot<unknown>): void;
  clear(): void;
  /** Another tab changed or cleared the draft: `reading` is what is stored now (kind `none` when cleared). */
  onRemoteChange(listener: (reading: DraftReading) => void): () => void;
  status(): DraftStatus;
  subscribeStatus(listener: () => void): () => void;
  dismissNotice(): void;
}

export function createDraftStorage(
  local: Storage,
  session: Storage,
  { now = () => new Date(), events = typeof window === 'undefined' ? undefined : window }: { now?: () => Date; events?: Window } = {},
): DraftStorage {
  let revision = 0;
  let status: DraftStatus = { savedAt: null, failed: false, notice: null };
  const statusListeners = new Set<() => void>();
  const setStatus = (next: Partial<DraftStatus>) => {
    status = { ...status, ...next };
    for (const listener of statusListeners) listener();
  };

  const read = (): DraftReading => {
    try {
      return readStoredDraft(local.getItem(draftStorageKey), session.getItem(ssnStorageKey));
    } catch {
      return { kind: 'unreadable', reason: 'corrupt' };
    }
  };

  /** The next revision: past this tab's last one and past any other tab's (revisions count across tabs). */
  const nextRevision = (): number => {
    let stored = 0;
    try {
      stored = Number(local.getItem(revisionStorageKey) ?? 0) || 0;
    } catch {
      stored = 0;
    }
    return Math.max(revision, stored) + 1;
  };

  return {
    load() {
      const reading = read();
      if (reading.kind === 'draft') {
        revision = reading.revision;
        setStatus({ savedAt: reading.savedAt });
      } else if (reading.kind === 'unreadable') {
        setStatus({ notice: reading.reason });
        try {
          local.removeItem(draftStorageKey);
        } catch {
          // Storage may be blocked; the next save reports it.
        }
      }
      return reading;
    },

    save(persisted) {
      revision = nextRevision();
      const savedAt = now();
      const { draft, ssn } = toStoredDraft(persisted, revision, savedAt);
      try {
        local.setItem(draftStorageKey, JSON.stringify(draft));
        local.setItem(revisionStorageKey, String(revision));
        if (ssn) session.setItem(ssnStorageKey, ssn);
        else session.removeItem(ssnStorageKey);
        setStatus({ savedAt: savedAt.toISOString(), failed: false });
      } catch {
        setStatus({ failed: true });
      }
    },

    clear() {
      // The revision counter stays (and moves on), so every tab still tells a newer save from an older one.
      revision = nextRevision();
      try {
        local.setItem(revisionStorageKey, String(revision));
        local.removeItem(draftStorageKey);
        session.removeItem(ssnStorageKey);
      } catch {
        // Nothing more can be done: the fresh application is saved over it on the next change.
      }
      setStatus({ savedAt: null, failed: false });
    },

    onRemoteChange(listener) {
      if (!events) return () => {};
      const handle = (event: StorageEvent) => {
        if (event.key !== draftStorageKey && event.key !== null) return;
        if (event.newValue === null) {
          listener({ kind: 'none' });
          return;
        }
        const reading = readStoredDraft(event.newValue, session.getItem(ssnStorageKey));
        if (reading.kind !== 'draft' || reading.revision <= revision) return;
        revision = reading.revision;
        setStatus({ savedAt: reading.savedAt });
        listener(reading);
      };
      events.addEventListener('storage', handle);
      return () => events.removeEventListener('storage', handle);
    },

    status: () => status,
    subscribeStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    dismissNotice: () => setStatus({ notice: null }),
  };
}
