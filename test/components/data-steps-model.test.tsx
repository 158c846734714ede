import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { applicationMachine, revealRegionId, type ApplicationEvent, type ApplicationSnapshot } from '../../machines/application-machine.ts';
import { stepForms } from '../../machines/form/step-forms.ts';
import { getStep, type StepId } from '../../machines/steps.ts';
import { renderApp } from '../support/render-app.tsx';
import { directFields, stepLevelReveals, type RevealCase } from '../support/form-declarations.ts';

/**
 * Model-based tests: for each step, the paths to every combination of its reveals are generated from
 * the machine with xstate/graph (states serialised by that step's reveal regions only, so the state
 * space stays the step's own), then each path is replayed by a person's clicks on the rendered step,
 * and the screen must show exactly the reveals the machine says are open.
 */

function revealStates(snapshot: ApplicationSnapshot, cases: readonly RevealCase[]): Record<string, string> {
  const reveals = (snapshot.value as unknown as { reveals: Record<string, string> }).reveals;
  return Object.fromEntries(cases.map((c) => [c.field.name, reveals[revealRegionId(c.step, c.field.name)] ?? 'missing']));
}

function pathsFor(step: StepId) {
  const cases = stepLevelReveals().filter((c) => c.step === step);
  const events: ApplicationEvent[] = cases.flatMap((c) => [
    { type: 'answer.changed', step, name: c.field.name, value: c.opening },
    { type: 'answer.changed', step, name: c.field.name, value: c.other },
  ]);
  const fromState = createActor(applicationMachine).start().getSnapshot();
  const paths = getShortestPaths(applicationMachine, {
    fromState,
    events,
    serializeState: (snapshot) => JSON.stringify(revealStates(snapshot as ApplicationSnapshot, cases)),
  });
  return { cases, paths };
}

/** What a person does to send `event`: click the answer in the question's group. */
function perform(event: ApplicationEvent, cases: readonly RevealCase[]) {
  if (event.type !== 'answer.changed') throw new Error(`unexpected ${event.type}`);
  const found = cases.find((c) => c.field.name === event.name);
  if (!found) throw new Error(`no question ${event.name}`);
  const group = screen.getByRole('group', { name: found.field.label });
  const { field } = found;
  if (field.kind === 'checkboxes') {
    const box = within(group).getByRole('checkbox', { name: 'HazMat' });
    const wanted = Array.isArray(event.value) && event.value.includes('HazMat');
    if ((box as HTMLInputElement).checked !== wanted) fireEvent.click(box);
    return;
  }
  const value = typeof event.value === 'string' ? event.value : '';
  const radio = within(group)
    .getAllByRole('radio')
    .find((input) => input.getAttribute('value') === value);
  if (!radio) throw new Error(`no answer ${value} for ${event.name}`);
  fireEvent.click(radio);
}

function expectScreenShows(states: Record<string, string>, cases: readonly RevealCase[]) {
  for (const c of cases) {
    const group = screen.getByRole('group', { name: c.field.label });
    const controller = group.querySelector('[aria-controls]');
    const reveal = document.getElementById(controller?.getAttribute('aria-controls') ?? '');
    if (!reveal) throw new Error(`no reveal container for ${c.field.name}`);
    const open = states[c.field.name] === c.reveal.when;
    expect(reveal.hidden, `${c.field.name} reveal hidden`).toBe(!open);
    const labels = directFields(c.reveal.fields).map((field) => field.label);
    for (const label of labels) {
      expect(within(reveal).queryAllByText(label, { exact: false }).length > 0, `${c.field.name} → ${label}`).toBe(open);
    }
    const lists = c.reveal.fields.filter((node) => node.kind === 'list');
    for (const list of lists) {
      expect(within(reveal).queryByRole('group', { name: `${list.itemLabel} 1` }) !== null).toBe(open);
    }
  }
}

const stepsWithReveals = stepForms.map((form) => form.step).filter((step) => pathsFor(step).cases.length > 0);

describe.each(stepsWithReveals)('generated reveal paths of %s', (step) => {
  const { cases, paths } = pathsFor(step);

  it('cover every combination of the step’s reveals', () => {
    const combinations = new Set(paths.map((path) => JSON.stringify(revealStates(path.state as ApplicationSnapshot, cases))));
    expect(combinations.size).toBe(2 ** cases.length);
  });

  it.each(paths.map((path, index) => [index, path] as const))('path %i replayed by clicks shows what the machine says', async (_, path) => {
    const { actor } = renderApp(getStep(step).route);
    await screen.findByText(/Questions marked with an asterisk/);
    for (const { event } of path.steps) if ((event.type as string) !== 'xstate.init') perform(event, cases);
    const expected = revealStates(path.state as ApplicationSnapshot, cases);
    expect(revealStates(actor.getSnapshot(), cases)).toEqual(expected);
    expectScreenShows(expected, cases);
  });
});
