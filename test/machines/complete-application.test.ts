import { describe, expect, it } from 'vitest';
import { selectStepProblems } from '../../machines/application-selectors.ts';
import { answerForms } from '../../machines/form/step-forms.ts';
import { fillSteps } from '../support/sample-answers.ts';

describe('a complete application, every reveal open and every list with two entries', () => {
  const { actor } = fillSteps();

  it.each(answerForms.map((form) => form.step))('leaves nothing missing on %s', (step) => {
    expect(selectStepProblems(actor.getSnapshot(), step)).toEqual([]);
  });

  it('opens every reveal region', () => {
    const reveals = (actor.getSnapshot().value as unknown as { reveals: Record<string, string> }).reveals;
    expect(Object.entries(reveals).filter(([, state]) => state === 'hidden')).toEqual([]);
  });
});
