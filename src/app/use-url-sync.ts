import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectPosition, type Position } from '../../machines/application-machine.ts';
import { getStep, isApplicationPath, normalisePath } from '../../machines/steps.ts';
import { useApplicationActor, useApplicationSelector } from '../shared/application-context.tsx';

function positionShowsPath(position: Position, path: string): boolean {
  if (position === 'notFound') return !isApplicationPath(path);
  return getStep(position).route === normalisePath(path);
}

/**
 * Keeps the URL and the application machine in step. The machine is the source of truth for where
 * the applicant is; the URL is its projection, and a URL change made by the browser (deep link,
 * link, back/forward) is an input event to the machine. See README, "Where the applicant is".
 */
export function useUrlSync(): void {
  const actor = useApplicationActor();
  const position = useApplicationSelector(selectPosition);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const lastSeenPath = useRef<string | null>(null);

  useEffect(() => {
    const current = selectPosition(actor.getSnapshot());
    if (pathname !== lastSeenPath.current) {
      lastSeenPath.current = pathname;
      if (!positionShowsPath(current, pathname)) actor.send({ type: 'route.changed', path: pathname });
      return;
    }
    if (current !== 'notFound' && !positionShowsPath(current, pathname)) {
      void navigate(getStep(current).route);
    }
  }, [actor, pathname, position, navigate]);
}

/** Every path change scrolls to the top (spec section 2) and, after the first page, moves focus to the new heading. */
export function usePageChangeEffects(pageKey: string): void {
  const shownPage = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (shownPage.current === pageKey) return;
    const firstPage = shownPage.current === null;
    shownPage.current = pageKey;
    window.scrollTo(0, 0);
    if (!firstPage) document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
  }, [pageKey]);
}
