import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { getOptions } from '../../machines/form/option-lists.ts';
import { selectAnswer } from '../../machines/application-selectors.ts';
import { startApplicationActor } from '../../src/shared/application-actor.ts';
import { renderApp } from '../support/render-app.tsx';
import { acceptSubmission } from '../support/sample-answers.ts';

/**
 * Issue 8: a long option list (countries, states) is rendered with the answer given only, and
 * completed when the browser is idle after the step is shown, or at once when the select gets
 * focus or is pressed, before it can open. Idle time is under the test's control here.
 */

const idleWork: (() => void)[] = [];

vi.mock('../../src/shared/when-idle.ts', () => ({
  whenIdle: (work: () => void) => {
    idleWork.push(work);
    return () => {
      const index = idleWork.indexOf(work);
      if (index >= 0) idleWork.splice(index, 1);
    };
  },
}));

afterEach(() => {
  idleWork.length = 0;
});

function runIdleWork() {
  act(() => {
    for (const work of idleWork.splice(0)) work();
  });
}

const stateCount = getOptions('states').length;

/** The Personal Information step; the home address's state answered `state` beforehand, when given. */
async function homeAddress(state?: string) {
  const actor = startApplicationActor('/form/2/personal', { submit: acceptSubmission });
  if (state) actor.send({ type: 'answer.changed', step: 'personal', name: 'state', value: state });
  const rendered = renderApp('/form/2/personal', { strict: false, actor });
  const address = await screen.findByRole('group', { name: 'Home address' }, { timeout: 10_000 });
  return { ...rendered, state: within(address).getByRole('combobox', { name: /^State\/Province/ }) as HTMLSelectElement };
}

describe('long option lists', () => {
  it('list the answer given at first, and every option once the browser is idle', async () => {
    const { state } = await homeAddress('VA');
    expect([...state.options].map((option) => option.value)).toEqual(['', 'VA']);
    expect(state).toHaveDisplayValue('Virginia');

    // The select asks for idle time from an effect, which may run a moment after the step is on screen.
    await waitFor(() => {
      runIdleWork();
      expect(state.options).toHaveLength(stateCount + 1);
    });
    expect(state).toHaveDisplayValue('Virginia');
  });

  it('are complete as soon as the select gets focus (keyboard), before it can open', async () => {
    const { state } = await homeAddress();
    expect([...state.options].map((option) => option.value)).toEqual(['']);
    fireEvent.focus(state);
    expect(state.options).toHaveLength(stateCount + 1);
  });

  it('are complete as soon as the select is pressed (pointer), before it opens', async () => {
    const { state } = await homeAddress();
    fireEvent.pointerDown(state);
    expect(state.options).toHaveLength(stateCount + 1);
  });

  it('let the applicant choose from the whole list once the select has focus', async () => {
    const { state, actor } = await homeAddress();
    act(() => state.focus());
    await userEvent.selectOptions(state, 'VA');
    expect(selectAnswer(actor.getSnapshot(), 'personal', 'state')).toBe('VA');
    expect(state).toHaveDisplayValue('Virginia');
  });

  it('leave short lists whole from the start', async () => {
    renderApp('/form/2/personal', { strict: false });
    const suffix = (await screen.findByRole('combobox', { name: /^Suffix/ }, { timeout: 10_000 })) as HTMLSelectElement;
    expect(suffix.options).toHaveLength(getOptions('suffixes').length + 1);
  });
});
