import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { ListNode } from '../../machines/form/field-types.ts';
import { ListView } from '../../src/features/step-form/list-view.tsx';
import { ANSWER_STATE_PARAMETER, answerStates, declaredNode, withAnswerState, type AnswerState, type AnswerStateName } from '../support/answer-story.tsx';
import { ANSWER_STORY_PARAMETER, answerStateData, componentParameters } from '../support/question-stories.tsx';

/** A declared list of entries (Accidents: one fieldset per accident, shown by Yes to "had accidents"). */
const step = 'accidents';
const list = declaredNode(step, 'accidents') as ListNode;

const meta = {
  title: 'Components/List of entries',
  component: ListView,
  decorators: [withAnswerState],
  tags: ['autodocs'],
  parameters: componentParameters,
  args: { list, step },
} satisfies Meta<typeof ListView>;

export default meta;

type ListStory = StoryObj<typeof meta>;

const controlsSelector = 'input, select, textarea';

function entries(canvasElement: HTMLElement): HTMLFieldSetElement[] {
  return within(canvasElement)
    .queryAllByRole('group')
    .filter((group): group is HTMLFieldSetElement => group instanceof HTMLFieldSetElement && group.classList.contains('entry'));
}

async function expectEntries(canvasElement: HTMLElement, count: number): Promise<HTMLFieldSetElement[]> {
  const shown = entries(canvasElement);
  await expect(shown).toHaveLength(count);
  for (const [index, entry] of shown.entries()) await expect(entry).toHaveAccessibleName(`${list.itemLabel} ${index + 1}`);
  return shown;
}

/** What each state of the list shows. */
const expectations: Record<AnswerStateName, (canvasElement: HTMLElement) => Promise<void>> = {
  Empty: async (canvasElement) => {
    await expectEntries(canvasElement, 0);
    await expect(within(canvasElement).getByRole('button', { name: `Add ${list.itemLabel.toLowerCase()}` })).toBeEnabled();
  },
  Filled: async (canvasElement) => {
    for (const entry of await expectEntries(canvasElement, 2)) {
      await expect(entry.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
      await expect(within(entry).getByRole('button', { name: /^Remove/ })).toBeEnabled();
    }
    await expect(within(canvasElement).getByRole('button', { name: `Add another ${list.itemLabel.toLowerCase()}` })).toBeEnabled();
  },
  Error: async (canvasElement) => {
    const [entry] = await expectEntries(canvasElement, 1);
    const invalid = Array.from(entry?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? []);
    await expect(invalid.length).toBeGreaterThan(0);
    for (const control of invalid) {
      const errors = (control.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id));
      await expect(errors.some((error) => error?.classList.contains('field__error'))).toBe(true);
    }
  },
  Disabled: async (canvasElement) => {
    await expectEntries(canvasElement, 2);
    const controls = canvasElement.querySelectorAll<HTMLElement>(`${controlsSelector}, button`);
    await expect(controls.length).toBeGreaterThan(2);
    for (const control of controls) await expect(control).toBeDisabled();
  },
  Required: async (canvasElement) => {
    const [entry] = await expectEntries(canvasElement, 1);
    await expect(entry?.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    const required = Array.from(entry?.querySelectorAll<HTMLElement>(controlsSelector) ?? []).filter((control) => control.hasAttribute('required'));
    await expect(required.length).toBeGreaterThan(0);
    await expect(entry?.querySelectorAll('.required-marker').length).toBeGreaterThan(0);
  },
};

function listStory(state: AnswerStateName): ListStory {
  const { answers, left, emptied, disabled } = answerStateData[state];
  return {
    args: { disabled },
    parameters: { [ANSWER_STATE_PARAMETER]: { step, name: list.name, answers, left, emptied } satisfies AnswerState, [ANSWER_STORY_PARAMETER]: state },
    play: async ({ canvasElement }) => expectations[state](canvasElement),
  };
}

const stories = Object.fromEntries(answerStates.map((state) => [state, listStory(state)])) as Record<AnswerStateName, ListStory>;

export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const Error = stories.Error;
export const Disabled = stories.Disabled;
export const Required = stories.Required;
