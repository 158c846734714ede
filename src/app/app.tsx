import { memo, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { selectPosition } from '../../machines/application-machine.ts';
import { getStep, steps, type StepId } from '../../machines/steps.ts';
import { useApplicationActor, useApplicationSelector } from '../shared/application-context.tsx';
import type { ApplicationActor } from '../shared/application-actor.ts';
import { whenIdle } from '../shared/when-idle.ts';
import { carrier } from '../shared/carrier.ts';
import { FormLayout } from '../features/layout/form-layout.tsx';
import { HomeScreen } from '../features/home/home-screen.tsx';
import { NotFoundScreen } from '../features/not-found/not-found-screen.tsx';
import { screenFor } from './screens.tsx';
import { ModalHost } from './modal-host.tsx';
import { DraftNotice } from '../features/drafts/draft-bar.tsx';
import { usePageChangeEffects, useUrlSync } from './use-url-sync.ts';

/**
 * Back and Next show a step at once: the neighbours' code is loaded now, and what their screens
 * derive from the machine is prepared when the browser is idle (not in the frame being shown).
 */
function preloadNeighbours(id: StepId, actor: ApplicationActor) {
  const index = steps.findIndex((step) => step.id === id);
  for (const neighbour of [steps[index + 1], steps[index - 1]]) {
    const screen = neighbour ? screenFor(neighbour.screen) : null;
    if (!screen) continue;
    void screen.preload().catch(() => undefined);
    const { prepare } = screen;
    if (prepare) whenIdle(() => prepare(actor.getSnapshot()));
  }
}

/** The document title of a page: its heading and the carrier. */
export function pageTitle(position: StepId | 'notFound'): string {
  const heading = position === 'notFound' ? 'Not Found' : getStep(position).heading;
  return `${heading} – ${carrier.name}`;
}

/**
 * One step's page. Memoised: the URL follows the machine a moment after a step changes, and that
 * second render of the app must not render the new step's form again.
 */
const StepPage = memo(function StepPage({ id }: { id: StepId }) {
  const step = getStep(id);
  if (step.screen === 'home') return <HomeScreen />;
  const Screen = screenFor(step.screen)?.Component;
  return <FormLayout step={step}>{Screen ? <Screen /> : null}</FormLayout>;
});

/** `followedLink`: the application was started by a link followed on the pre-rendered home page (src/main.ts). */
export function App({ followedLink = false }: { followedLink?: boolean }) {
  useUrlSync();
  const actor = useApplicationActor();
  const position = useApplicationSelector(selectPosition);
  const { pathname } = useLocation();
  // The machine and the URL change one after the other (a link changes the URL first, Next the machine
  // first): the page has changed when either has, and the heading to focus is the one shown last.
  usePageChangeEffects(`${position} ${pathname}`, followedLink);

  useEffect(() => {
    document.title = pageTitle(position);
    if (position !== 'notFound') preloadNeighbours(position, actor);
  }, [position, actor]);

  return (
    <>
      <a href="#main-content" className="skip-link">
        Skip to main content
      </a>
      <DraftNotice />
      {position === 'notFound' ? <NotFoundScreen /> : <StepPage id={position} />}
      <ModalHost />
    </>
  );
}
