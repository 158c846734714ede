import { act, Profiler, type ProfilerOnRenderCallback } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { selectAnswer, selectEntryIds } from '../../machines/application-selectors.ts';
import { ApplicationRoot } from '../../src/app/application-root.tsx';
import { startApplicationActor } from '../../src/shared/application-actor.ts';
import { createDraftStorage } from '../../src/shared/draft/draft-storage.ts';
import { draftStorageKey } from '../../src/shared/draft/draft-keys.ts';
import { renderApp } from '../support/render-app.tsx';
import type * as AnswerScopeModule from '../../src/features/step-form/answer-scope.ts';

/** Screens are loaded lazily: on a busy machine that can take a while. */
const lazyScreen = { timeout: 10_000 };

/**
 * Issue 8, keystroke to paint: a keystroke re-renders only the field being typed in. Every answer
 * component reads its answer through `useAnswerBinding` once per render, so a spy on it (delegating
 * to the real hook) tells which field components rendered; React's Profiler around the whole app
 * tells which commits the keystroke caused.
 */

const renderedFields: string[] = [];

vi.mock('../../src/features/step-form/answer-scope.ts', async (importOriginal) => {
  const original = await importOriginal<typeof AnswerScopeModule>();
  return {
    ...original,
    useAnswerBinding: (...args: Parameters<typeof original.useAnswerBinding>) => {
      renderedFields.push(original.inputName(...args));
      return original.useAnswerBinding(...args);
    },
  };
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2024, 6, 15));
});

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

interface Commit {
  phase: string;
}

/** The employer step with one employer whose CMV questions are revealed, rendered with a Profiler. */
async function renderEmployerWithCmvQuestions() {
  const actor = startApplicationActor('/form/6/employed');
  actor.send({ type: 'answer.changed', step: 'employed', name: 'employed-last-10-years', value: 'yes' });
  const [entryId = ''] = selectEntryIds(actor.getSnapshot(), 'employed', 'employers');
  actor.send({ type: 'entry.answer.changed', step: 'employed', list: 'employers', entryId, name: 'operated-cmv', value: 'yes' });
  const commits: Commit[] = [];
  const onRender: ProfilerOnRenderCallback = (_id, phase) => commits.push({ phase });
  // Not in StrictMode: it renders every component twice, which would double every count.
  renderApp('/form/6/employed', { actor, strict: false, onRender });
  const employer = await screen.findByRole('group', { name: 'Employer 1' }, lazyScreen);
  // The CMV questions are on screen.
  expect(within(employer).getByRole('textbox', { name: /^Areas driven/ })).toBeVisible();
  expect(within(employer).getByRole('combobox', { name: /^Trailer length/ })).toBeVisible();
  return { actor, entryId, employer, commits };
}

/** Focuses `control` (which may re-render the field that lost focus), then clears the records. */
async function focusThenReset(control: HTMLElement, commits: Commit[]) {
  await act(async () => control.focus());
  expect(control).toHaveFocus();
  renderedFields.length = 0;
  commits.length = 0;
}

describe('a keystroke re-renders only the field being typed in', () => {
  it('typing in an employer’s Company name renders that field only', async () => {
    const { actor, entryId, employer, commits } = await renderEmployerWithCmvQuestions();
    // Every field of the step rendered at first: the spy sees them.
    expect(new Set(renderedFields).size).toBeGreaterThan(20);

    const companyName = within(employer).getByRole('textbox', { name: /^Company name/ });
    await focusThenReset(companyName, commits);
    await userEvent.keyboard('A');

    expect(selectAnswer(actor.getSnapshot(), 'employed', 'company-name', { list: 'employers', entryId })).toBe('A');
    expect(companyName).toHaveValue('A');
    expect(commits.map((commit) => commit.phase)).toEqual(['update']);
    expect(renderedFields).toEqual([`employers[${entryId}][company-name]`]);
  });

  it('typing in a revealed CMV question renders that question only, not the question that revealed it', async () => {
    const { actor, entryId, employer, commits } = await renderEmployerWithCmvQuestions();
    const areasDriven = within(employer).getByRole('textbox', { name: /^Areas driven/ });
    await focusThenReset(areasDriven, commits);
    await userEvent.keyboard('T');

    expect(selectAnswer(actor.getSnapshot(), 'employed', 'areas-driven', { list: 'employers', entryId })).toBe('T');
    expect(commits.map((commit) => commit.phase)).toEqual(['update']);
    expect(renderedFields).toEqual([`employers[${entryId}][areas-driven]`]);

    // A second keystroke: the same, once more.
    renderedFields.length = 0;
    commits.length = 0;
    await userEvent.keyboard('X');
    expect(areasDriven).toHaveValue('TX');
    expect(commits).toHaveLength(1);
    expect(renderedFields).toEqual([`employers[${entryId}][areas-driven]`]);
  });

  it('typing in a step-level field of another step renders that field only', async () => {
    const actor = startApplicationActor('/form/2/personal');
    const commits: Commit[] = [];
    renderApp('/form/2/personal', { actor, strict: false, onRender: (_id, phase) => commits.push({ phase }) });
    const firstName = await screen.findByRole('textbox', { name: /^First name/ }, lazyScreen);
    await focusThenReset(firstName, commits);
    await userEvent.keyboard('M');
    expect(selectAnswer(actor.getSnapshot(), 'personal', 'first-name')).toBe('M');
    expect(commits).toHaveLength(1);
    expect(renderedFields).toEqual(['first-name']);
  });

  it('with the draft saved on every keystroke (the app root), the save re-renders nothing', async () => {
    window.history.replaceState(null, '', '/form/2/personal');
    const storage = createDraftStorage(window.localStorage, window.sessionStorage);
    const commits: Commit[] = [];
    render(
      <Profiler id="root" onRender={(_id, phase) => commits.push({ phase })}>
        <ApplicationRoot initialActor={startApplicationActor('/form/2/personal')} storage={storage} />
      </Profiler>,
    );
    const firstName = await screen.findByRole('textbox', { name: /^First name/ }, lazyScreen);
    await userEvent.type(firstName, 'M');
    // The first save changes the draft bar's text ("Saved on this device at …").
    await screen.findByText(/^Saved on this device at /, undefined, lazyScreen);

    await focusThenReset(firstName, commits);
    await userEvent.keyboard('a');
    // The save runs in a microtask after the change: let it run, and see it stored.
    await act(async () => {});
    expect(window.localStorage.getItem(draftStorageKey)).toContain('"Ma"');
    expect(commits).toHaveLength(1);
    expect(renderedFields).toEqual(['first-name']);
  });
});
