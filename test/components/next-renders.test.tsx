import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { selectPosition } from '../../machines/application-machine.ts';
import { getStep, type StepId } from '../../machines/steps.ts';
import { screenFor } from '../../src/app/screens.tsx';
import { renderApp } from '../support/render-app.tsx';
import { completeApplication } from '../support/sample-answers.ts';
import type * as SchemasModule from '../../machines/form/schemas.ts';
import type * as UrlSyncModule from '../../src/app/use-url-sync.ts';

/**
 * Issue 8, Next to painted: one Next is one React commit (the machine's new step and the URL that
 * follows it together, the step's screen at once when its code is preloaded, never "Loading…"); the
 * neighbours of the step shown are rendered ahead, hidden, so Next shows elements that exist; and
 * what the next screen derives from the machine is ready before Next is pressed. Next and Back are
 * clicked with `fireEvent` so that the commits counted are those of the click itself (what the
 * browser paints next), not the idle-time work that follows it.
 */

/** Screens are loaded lazily: on a busy machine that can take a while. */
const lazyScreen = { timeout: 10_000 };

const validatedSteps: string[] = [];

vi.mock('../../machines/form/schemas.ts', async (importOriginal) => {
  const original = await importOriginal<typeof SchemasModule>();
  return {
    ...original,
    validateStepDocument: (...args: Parameters<typeof original.validateStepDocument>) => {
      validatedSteps.push(args[0]);
      return original.validateStepDocument(...args);
    },
  };
});

/** Renders of the App component (it calls useUrlSync once per render). */
const appRenders = { count: 0 };

vi.mock('../../src/app/use-url-sync.ts', async (importOriginal) => {
  const original = await importOriginal<typeof UrlSyncModule>();
  return {
    ...original,
    useUrlSync: () => {
      appRenders.count += 1;
      original.useUrlSync();
    },
  };
});

afterEach(() => {
  validatedSteps.length = 0;
});

/**
 * The app on `route` (not in StrictMode, which renders twice), its Next button, and every commit
 * from now on: how many changes it made to the page. (Showing a step rendered ahead can end with a
 * second commit in which nothing renders: React's own bookkeeping of the reappeared subtree.)
 */
async function renderWithCommits(route: string, options: Parameters<typeof renderApp>[1] = {}) {
  const commits: { phase: string; pageChanges: number }[] = [];
  const observer = new MutationObserver(() => {});
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  const rendered = renderApp(route, { ...options, strict: false, onRender: (_id, phase) => commits.push({ phase, pageChanges: observer.takeRecords().length }) });
  const next = await screen.findByRole('button', { name: 'Next' }, lazyScreen);
  return { ...rendered, next, commits };
}

/** One commit, one render of the app, changed the page; any commit after it in the same click changed nothing. */
function expectOneCommitChangingThePage(commits: readonly { phase: string; pageChanges: number }[]) {
  expect(appRenders.count).toBe(1);
  expect(commits.length).toBeGreaterThan(0);
  expect(commits[0]!.pageChanges).toBeGreaterThan(0);
  expect(commits.slice(1).map((commit) => commit.pageChanges)).toEqual(commits.slice(1).map(() => 0));
}

/** The content of `step`, rendered ahead of time on another step's page: present, hidden, out of the accessibility tree. */
async function renderedAhead(step: StepId): Promise<HTMLElement> {
  const content = await waitFor(() => {
    const element = document.querySelector<HTMLElement>(`[data-step-content="${step}"]`);
    expect(element).not.toBeNull();
    return element!;
  }, lazyScreen);
  expect(content).not.toBeVisible();
  return content;
}

describe('Next renders the next step in one commit', () => {
  it('a data step whose screen was preloaded: one commit with the new heading, the URL and focus, never Loading…', async () => {
    const { router, actor, next, commits } = await renderWithCommits('/form/2/personal');
    // The app preloads the neighbours; wait for the same request it made.
    await act(() => screenFor(getStep('general').screen)!.preload());
    const general = await renderedAhead('general');
    expect(screen.queryByRole('group', { name: 'Are you 21 years of age or older?' })).not.toBeInTheDocument();
    commits.length = 0;
    appRenders.count = 0;
    fireEvent.click(next);

    expectOneCommitChangingThePage(commits);
    // The very elements rendered ahead are shown; the step left is kept, hidden, for Back.
    expect(document.querySelector('[data-step-content="general"]')).toBe(general);
    expect(general).toBeVisible();
    expect(document.querySelector('[data-step-content="personal"]')).not.toBeVisible();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('General Information');
    expect(heading).toHaveFocus();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(selectPosition(actor.getSnapshot())).toBe('general');
    expect(router.state.location.pathname).toBe('/form/3/general');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('Back too: one commit for the machine and the URL', async () => {
    const { router, commits } = await renderWithCommits('/form/3/general');
    await act(() => screenFor(getStep('personal').screen)!.preload());
    await renderedAhead('personal');
    commits.length = 0;
    appRenders.count = 0;

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));

    expectOneCommitChangingThePage(commits);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Personal Information');
    expect(router.state.location.pathname).toBe('/form/2/personal');
  });
});

describe('the next step’s data is prepared before Next', () => {
  it('the Signature step’s status of every step is derived while the applicant is on the step before it', async () => {
    const { actor } = completeApplication();
    const { next, commits } = await renderWithCommits('/form/24/firearm', { actor });
    await act(() => screenFor(getStep('signature').screen)!.preload());
    // Prepared in idle time after the firearm step was shown: every step's answers validated once.
    await waitFor(() => expect(validatedSteps).toContain('personal'));
    await renderedAhead('signature');
    validatedSteps.length = 0;
    commits.length = 0;
    appRenders.count = 0;

    fireEvent.click(next);

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Signature');
    expect(screen.getByText('Every step is complete.')).toBeInTheDocument();
    expect(validatedSteps).toEqual([]);
    expectOneCommitChangingThePage(commits);
  });
});
