import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectPosition, type ApplicationSnapshot, type Position } from '../../machines/application-machine.ts';
import { getStep, isApplicationPath, normalisePath } from '../../machines/steps.ts';
import { useApplicationActor, useApplicationSelector } from '../shared/application-context.tsx';

/** Arriving at the 28th entry after a submission opens the `application-submitted` modal (decision 5). */
function navigationStateFor(snapshot: ApplicationSnapshot): unknown {
  const receipt = snapshot.context.submissionReceipt;
  if (selectPosition(snapshot) !== 'finish' || !receipt || !snapshot.matches({ submission: 'submitted' })) return undefined;
  return { modal: 'application-submitted', reference: receipt.reference, downloadUrl: receipt.downloadUrl };
}

function positionShowsPath(position: Position, path: string): boolean {
  if (position === 'notFound') return !isApplicationPath(path);
  return getStep(position).route === normalisePath(path);
}

/**
 * Keeps the URL and the application machine in step. The machine is the source of truth for where
 * the applicant is; the URL is its projection, and a URL change made by the browser (deep link,
 * link, back/forward) is an input event to the machine. See README, "Where the applicant is".
 *
 * The URL follows the machine from a subscription to the actor, as the machine changes: the router's
 * new state is rendered at once (flushSync) together with the machine's, so Next renders and commits
 * once, and no render shows the new step with the old URL. The render's own check remains for an
 * actor replaced at another position. See docs/performance.md.
 */
export function useUrlSync(): void {
  const actor = useApplicationActor();
  const position = useApplicationSelector(selectPosition);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  /** The router's path as this hook last saw or set it (null before the first render's effect). */
  const lastSeenPath = useRef<string | null>(null);

  const followMachine = useCallback(
    (snapshot: ApplicationSnapshot) => {
      const current = selectPosition(snapshot);
      const path = lastSeenPath.current;
      if (path === null || current === 'notFound' || positionShowsPath(current, path)) return;
      const route = getStep(current).route;
      lastSeenPath.current = route;
      void navigate(route, { state: navigationStateFor(snapshot), flushSync: true });
    },
    [navigate],
  );

  useEffect(() => {
    const subscription = actor.subscribe(followMachine);
    return () => subscription.unsubscribe();
  }, [actor, followMachine]);

  useEffect(() => {
    if (pathname !== lastSeenPath.current) {
      lastSeenPath.current = pathname;
      if (!positionShowsPath(selectPosition(actor.getSnapshot()), pathname)) actor.send({ type: 'route.changed', path: pathname });
      return;
    }
    followMachine(actor.getSnapshot());
  }, [actor, pathname, position, followMachine]);
}

/**
 * Every path change scrolls to the top (spec section 2) and, after the first page, moves focus to the
 * new heading. `firstPageIsChange`: the first page shown was reached from another page (a link followed
 * on the pre-rendered home page before the application started), so its heading takes focus too.
 */
export function usePageChangeEffects(pageKey: string, firstPageIsChange = false): void {
  const shownPage = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (shownPage.current === pageKey) return;
    const firstPage = shownPage.current === null;
    shownPage.current = pageKey;
    window.scrollTo(0, 0);
    if (!firstPage || firstPageIsChange) document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
  }, [pageKey, firstPageIsChange]);
}
