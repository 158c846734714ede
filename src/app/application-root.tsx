import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createActor } from 'xstate';
import { selectPosition, type ApplicationSnapshot } from '../../machines/application-machine.ts';
import { getStep } from '../../machines/steps.ts';
import { ApplicationProvider } from '../shared/application-context.tsx';
import { providedApplicationMachine, startApplicationActor, type ApplicationActor, type StartOptions } from '../shared/application-actor.ts';
import { DraftProvider, type DraftControls } from '../shared/draft/draft-context.tsx';
import type { DraftStorage } from '../shared/draft/draft-storage.ts';
import type { DraftReading } from '../shared/draft/draft-format.ts';
import { App } from './app.tsx';

/** Where a resumed draft puts the applicant when the app is opened at `/`: the step they were on (decision 22). */
export function resumePath(reading: DraftReading, path: string): string {
  if (reading.kind !== 'draft' || path !== '/') return path;
  const position = selectPosition(reading.snapshot);
  return position === 'notFound' ? path : getStep(position).route;
}

/**
 * The application as the browser opens it at its current URL: the draft on this device read, the
 * URL moved to the resumed step when opened at `/` (before the router starts), the actor started there.
 */
export function openApplication(storage: DraftStorage, options: Pick<StartOptions, 'inspect' | 'submit'> = {}): ApplicationActor {
  const draft = storage.load();
  const path = resumePath(draft, window.location.pathname);
  if (path !== window.location.pathname) window.history.replaceState(window.history.state, '', path);
  return startApplicationActor(path, { ...options, ...(draft.kind === 'draft' ? { snapshot: draft.snapshot } : {}) });
}

/** Another tab's newer answers, with this tab's own place in the step list and its own SSN (session storage is per tab). */
function adoptOtherTab(mine: ApplicationSnapshot, theirs: ApplicationSnapshot): ApplicationActor {
  const ssn = mine.context.answers.personal?.ssn;
  const answers =
    ssn === undefined ? theirs.context.answers : { ...theirs.context.answers, personal: { ...theirs.context.answers.personal, ssn } };
  const machine = providedApplicationMachine();
  const adopted = machine.resolveState({
    value: { ...(theirs.value as object), step: (mine.value as { step: string }).step } as never,
    context: { ...theirs.context, answers },
  });
  const next = createActor(machine, { snapshot: adopted });
  next.start();
  return next;
}

/**
 * Saves the machine's snapshot after every change, in a microtask (so before the next frame, and once
 * for several events of one tick), and at once when the page is hidden or closed.
 */
function useAutosave(actor: ApplicationActor, storage: DraftStorage): void {
  useEffect(() => {
    let pending = false;
    let disposed = false;
    let lastSaved: unknown = actor.getSnapshot();
    const flush = () => {
      pending = false;
      if (disposed) return;
      const snapshot = actor.getSnapshot();
      if (snapshot === lastSaved) return;
      lastSaved = snapshot;
      storage.save(actor.getPersistedSnapshot());
    };
    const subscription = actor.subscribe(() => {
      if (pending) return;
      pending = true;
      queueMicrotask(flush);
    });
    const onHide = () => flush();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      // The actor is being replaced (Start over, another tab's answers): what it held must not be saved again.
      disposed = true;
      subscription.unsubscribe();
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [actor, storage]);
}

/**
 * The current application actor, with how a person moves through the app: what the root registers
 * through `onActorChange` (the development inspectors follow it, `src/features/inspector`).
 */
export interface CurrentApplication {
  readonly actor: ApplicationActor;
  /** Goes to `path` through the router, as a link or the address bar would. */
  readonly navigate: (path: string) => void;
  /** The path the router shows. */
  readonly currentPath: () => string;
  /** Start over, confirmed: the draft cleared and a new, empty actor at `/`. */
  readonly startOver: () => void;
}

/**
 * The application with its draft: the actor (replaced when another tab saves newer answers, or on
 * Start over), autosave, and the router. The actor is the one source of truth; a tab adopts another
 * tab's answers but keeps its own place in the step list and its own SSN.
 */
export function ApplicationRoot({
  initialActor,
  storage,
  onActorChange,
  followedLink = false,
}: {
  initialActor: ApplicationActor;
  storage: DraftStorage;
  /** Started by a link followed on the pre-rendered home page: the first page shown is a page change. */
  followedLink?: boolean;
  /** Told the current actor at first and whenever it is replaced (development and preview builds: the inspectors). */
  onActorChange?: (current: CurrentApplication) => void;
}) {
  const [actor, setActor] = useState(initialActor);
  const current = useRef(actor);
  const replaceActor = useCallback((next: ApplicationActor) => {
    const previous = current.current;
    current.current = next;
    // Rendered at once, within the task that replaces it: an input event in the next task already
    // reaches the new actor (otherwise a keystroke could go to the stopped one and be lost).
    flushSync(() => setActor(next));
    previous.stop();
  }, []);
  const router = useMemo(() => createBrowserRouter([{ path: '*', element: <App followedLink={followedLink} /> }]), [followedLink]);
  useAutosave(actor, storage);

  useEffect(
    () =>
      storage.onRemoteChange((reading) => {
        if (reading.kind !== 'draft') {
          replaceActor(startApplicationActor(window.location.pathname));
          return;
        }
        replaceActor(adoptOtherTab(current.current.getSnapshot(), reading.snapshot));
      }),
    [storage, replaceActor],
  );

  const startOver = useCallback(() => {
    storage.clear();
    replaceActor(startApplicationActor('/'));
    void router.navigate('/', { replace: true, state: null });
  }, [router, storage, replaceActor]);

  useEffect(() => {
    onActorChange?.({
      actor,
      navigate: (path) => void router.navigate(path),
      currentPath: () => router.state.location.pathname,
      startOver,
    });
  }, [actor, router, startOver, onActorChange]);

  // The status is read where it is shown (the draft bar), so a save re-renders nothing here.
  const controls: DraftControls = useMemo(
    () => ({ status: storage.status, subscribeStatus: storage.subscribeStatus, startOver, dismissNotice: storage.dismissNotice }),
    [startOver, storage],
  );

  return (
    <DraftProvider value={controls}>
      <ApplicationProvider actor={actor}>
        <RouterProvider router={router} />
      </ApplicationProvider>
    </DraftProvider>
  );
}
