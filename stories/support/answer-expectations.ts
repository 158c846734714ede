import { expect } from 'storybook/test';
import type { AnswerStateName } from './answer-story.tsx';

/** The parts of a question on screen that its states are checked on. */
export interface QuestionParts {
  /** The form controls answering it (one input or select, or the options of a group). */
  readonly controls: readonly (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[];
  /** The element the hint and error describe: the control, or the group's fieldset. */
  readonly described: HTMLElement;
  /** The label or legend, where the required marker goes. */
  readonly label: HTMLElement;
}

function isAnswered(control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): boolean {
  return control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox') ? control.checked : control.value !== '';
}

/** The error shown for the question: its text, linked from `described` by `aria-describedby`. */
async function expectLinkedError({ described }: QuestionParts): Promise<void> {
  const ids = (described.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const error = ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains('field__error'));
  await expect(error, 'an error message linked by aria-describedby').toBeTruthy();
  await expect(error?.textContent).toMatch(/^Error: \S/);
  await expect(described).toHaveAccessibleDescription(expect.stringContaining(error?.textContent?.replace('Error: ', '') ?? '\u0000'));
}

async function expectNoError({ controls, described }: QuestionParts): Promise<void> {
  await expect(described).not.toHaveAttribute('aria-invalid');
  for (const control of controls) await expect(control).not.toHaveAttribute('aria-invalid');
  await expect(described.getAttribute('aria-describedby') ?? '').not.toMatch(/-error/);
}

/** What each state of a question shows: its answer, its error, whether it can be used and whether it must be answered. */
export async function expectQuestionState(state: AnswerStateName, parts: QuestionParts): Promise<void> {
  const { controls, described, label } = parts;
  await expect(controls.length).toBeGreaterThan(0);
  const marker = label.querySelector('.required-marker');
  switch (state) {
    case 'Empty':
      await expectNoError(parts);
      await expect(marker).toBeNull();
      for (const control of controls) {
        await expect(isAnswered(control)).toBe(false);
        await expect(control).not.toBeRequired();
        await expect(control).toBeEnabled();
      }
      return;
    case 'Filled':
      await expectNoError(parts);
      await expect(controls.some(isAnswered)).toBe(true);
      for (const control of controls) await expect(control).toBeEnabled();
      return;
    case 'Error':
      if (controls.length === 1) await expect(described).toHaveAttribute('aria-invalid', 'true');
      await expectLinkedError(parts);
      await expect(controls.some(isAnswered)).toBe(false);
      return;
    case 'Disabled':
      await expect(controls.some(isAnswered)).toBe(true);
      for (const control of controls) await expect(control).toBeDisabled();
      return;
    case 'Required':
      await expectNoError(parts);
      await expect(marker).toBeVisible();
      await expect(marker).toHaveAttribute('aria-hidden', 'true');
      for (const control of controls) {
        await expect(control).toBeRequired();
        await expect(isAnswered(control)).toBe(false);
      }
  }
}
