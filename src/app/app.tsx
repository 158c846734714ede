import { Activity, memo, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { selectPosition } from '../../machines/application-machine.ts';
import { getStep, stepIndex, steps, type StepId } from '../../machines/steps.ts';
import { useApplicationSelector } from '../shared/application-context.tsx';
import { whenIdle } from '../shared/when-idle.ts';
import { carrier } from '../shared/carrier.ts';
import { FormLayout, StepContent } from '../features/layout/form-layout.tsx';
import { HomeScreen } from '../features/home/home-screen.tsx';
import { NotFoundScreen } from '../features/not-found/not-found-screen.tsx';
import { screenFor } from './screens.tsx';
import { ModalHost } from './modal-host.tsx';
import { DraftNotice } from '../features/drafts/draft-bar.tsx';
import { usePageChangeEffects, useUrlSync } from './use-url-sync.ts';

/** The neighbours' code is loaded as soon as a step is shown, so they can be rendered ahead (StepPage). */
function preloadNeighbours(id: StepId) {
  for (const neighbour of neighbourhood(id)) void screenFor(getStep(neighbour).screen)?.preload().catch(() => undefined);
}

/** The document title of a page: its heading and the carrier. */
export function pageTitle(position: StepId | 'notFound'): string {
  const heading = position === 'notFound' ? 'Not Found' : getStep(position).heading;
  return `${heading} – ${carrier.name}`;
}

/** A form step and its neighbours (not the home page). */
function neighbourhood(id: StepId): StepId[] {
  const index = stepIndex(id);
  return [steps[index - 1], steps[index], steps[index + 1]].filter((step) => step !== undefined && step.screen !== 'home').map((step) => step.id);
}

/**
 * The steps rendered on `shown`'s page: the step itself, and those neighbours of it that were
 * neighbours of `aheadOf` (the step whose neighbours were last rendered ahead). The one Next
 * or Back reveals is kept; new neighbours are added only once the step has been shown.
 */
function renderedSteps(shown: StepId, aheadOf: StepId | null): StepId[] {
  const kept = new Set(aheadOf === null ? [shown] : [shown, ...neighbourhood(aheadOf)]);
  return neighbourhood(shown).filter((id) => kept.has(id));
}

/** One step's content. Memoised: showing or hiding it does not render it again. */
const RenderedStep = memo(function RenderedStep({ id }: { id: StepId }) {
  const step = getStep(id);
  const Screen = screenFor(step.screen)?.Component;
  return (
    <div data-step-content={id}>
      <StepContent step={step}>{Screen ? <Screen step={id} /> : null}</StepContent>
    </div>
  );
});

/**
 * One step's page. Its neighbours are rendered too, hidden (React's Activity), once the browser is
 * idle after the step is shown, so Back and Next show elements that already exist. See
 * docs/performance.md, "Next: from the click to the painted step".
 */
const StepPage = memo(function StepPage({ id }: { id: StepId }) {
  const step = getStep(id);
  const [aheadOf, setAheadOf] = useState<StepId | null>(null);
  useEffect(() => whenIdle(() => setAheadOf(id)), [id]);
  if (step.screen === 'home') return <HomeScreen />;
  return (
    <FormLayout step={step}>
      {renderedSteps(id, aheadOf).map((rendered) => (
        <Activity key={rendered} mode={rendered === id ? 'visible' : 'hidden'}>
          <RenderedStep id={rendered} />
        </Activity>
      ))}
    </FormLayout>
  );
});

/** `followedLink`: the application was started by a link followed on the pre-rendered home page (src/main.ts). */
export function App({ followedLink = false }: { followedLink?: boolean }) {
  useUrlSync();
  const position = useApplicationSelector(selectPosition);
  const { pathname } = useLocation();
  // The machine and the URL change one after the other (a link changes the URL first, Next the machine
  // first): the page has changed when either has, and the heading to focus is the one shown last.
  usePageChangeEffects(`${position} ${pathname}`, followedLink);

  useEffect(() => {
    document.title = pageTitle(position);
    if (position !== 'notFound') preloadNeighbours(position);
  }, [position]);

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
