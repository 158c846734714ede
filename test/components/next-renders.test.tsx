import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { selectPosition } from '../../machines/application-machine.ts';
import { getStep } from '../../machines/steps.ts';
import { screenFor } from '../../src/app/screens.tsx';
import { renderApp } from '../support/render-app.tsx';
import { completeApplication } from '../support/sample-answers.ts';
import type * as SchemasModule from '../../machines/form/schemas.ts';

/**
 * Issue 8, Next to painted: one Next is one React commit (the machine's new step and the URL that
 * follows it together, the step's screen at once when its code is preloaded, never "Loading…"), and
 * what the next screen derives from the machine is ready before Next is pressed.
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

afterEach(() => {
  validatedSteps.length = 0;
});

/** The app on `route` (not in StrictMode, which renders twice), its Next button, and every commit counted from now on. */
async function renderWithCommits(route: string, options: Parameters<typeof renderApp>[1] = {}) {
  const commits: string[] = [];
  const rendered = renderApp(route, { ...options, strict: false, onRender: (_id, phase) => commits.push(phase) });
  const next = await screen.findByRole('button', { name: 'Next' }, lazyScreen);
  return { ...rendered, next, commits };
}

describe('Next renders the next step in one commit', () => {
  it('a data step whose screen was preloaded: one commit with the new heading, the URL and focus, never Loading…', async () => {
    const { router, actor, next, commits } = await renderWithCommits('/form/2/personal');
    // The app preloads the neighbours; wait for the same request it made.
    await act(() => screenFor(getStep('general').screen)!.preload());
    commits.length = 0;

    await userEvent.click(next);

    expect(commits).toEqual(['update']);
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
    commits.length = 0;

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));

    expect(commits).toEqual(['update']);
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
    validatedSteps.length = 0;
    commits.length = 0;

    await userEvent.click(next);

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Signature');
    expect(screen.getByText('Every step is complete.')).toBeInTheDocument();
    expect(validatedSteps).toEqual([]);
    expect(commits).toEqual(['update']);
  });
});
