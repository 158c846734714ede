import type { StoryObj } from '@storybook/react-vite';
import { within } from 'storybook/test';
import type { AnswerField } from '../../machines/form/field-types.ts';
import type { StepId } from '../../machines/steps.ts';
import type { AnswerScope } from '../../src/features/step-form/answer-scope.ts';
import { ANSWER_STATE_PARAMETER, answerStates, declaredNode, type AnswerState, type AnswerStateName } from './answer-story.tsx';
import { expectQuestionState, type QuestionParts } from './answer-expectations.ts';

/** The parameters of a form component's stories: a padded canvas, and the stories inline on its docs page. */
export const componentParameters = { layout: 'padded', docs: { story: { inline: true } } } as const;

/** Each state as data: what the machine's context holds, and the props the component gets. */
export const answerStateData: Record<
  AnswerStateName,
  Pick<AnswerState, 'answers' | 'left' | 'emptied'> & { readonly disabled?: boolean; readonly required?: boolean }
> = {
  /** An optional question, nothing answered (a list: every entry removed). */
  Empty: { answers: 'shown', required: false, emptied: true },
  /** Answered as in a complete application (`sampleContext`). */
  Filled: { answers: 'filled' },
  /** Left unanswered: the machine's message for it shows (decision 6). */
  Error: { answers: 'shown', left: true },
  /** Answered, and not usable. */
  Disabled: { answers: 'filled', disabled: true },
  /** A question that must be answered, not answered yet. */
  Required: { answers: 'shown', required: true },
};

/** The story name each story records, so the tests can tell which state it shows. */
export const ANSWER_STORY_PARAMETER = 'answerStory';

/** A declared question of `step` by name, checked to be of one of `kinds`. */
export function declaredField<K extends AnswerField['kind']>(step: StepId, name: string, kinds: readonly K[]): AnswerField & { kind: K } {
  const node = declaredNode(step, name);
  if (!(kinds as readonly string[]).includes(node.kind)) throw new Error(`"${name}" of step "${step}" is a ${node.kind}, not a ${kinds.join(' or ')}`);
  return node as AnswerField & { kind: K };
}

export interface QuestionProps<F extends AnswerField> {
  field: F;
  scope: AnswerScope;
  disabled?: boolean;
}

/** The one control answering a labelled question (an input or a select). */
export function labelledControl(canvasElement: HTMLElement, label: string): QuestionParts {
  const control = within(canvasElement).getAllByLabelText(label, { exact: false, selector: 'input, select, textarea' })[0] as HTMLInputElement;
  const labelElement = canvasElement.querySelector<HTMLElement>(`label[for="${CSS.escape(control.id)}"]`);
  if (!labelElement) throw new Error(`No label for the control of "${label}"`);
  return { controls: [control], described: control, label: labelElement };
}

/** The options of a question asked with a group (a fieldset whose legend is the question). */
export function groupControls(canvasElement: HTMLElement, legend: string): QuestionParts {
  const group = within(canvasElement).getByRole('group', { name: legend });
  const legendElement = group.querySelector('legend');
  if (!legendElement) throw new Error(`The group "${legend}" has no legend`);
  return { controls: within(group).getAllByRole('radio') as HTMLInputElement[], described: group, label: legendElement };
}

/**
 * The five stories of a declared question component: its state in the machine (from `answerStateData`)
 * and its props. Each checks what its state shows with `expectQuestionState`.
 */
export function questionStories<F extends AnswerField>(
  step: StepId,
  field: F,
  locate: (canvasElement: HTMLElement, field: F) => QuestionParts,
): Record<AnswerStateName, StoryObj<QuestionProps<F>>> {
  return Object.fromEntries(
    answerStates.map((state) => {
      const { answers, left, disabled, required } = answerStateData[state];
      const story: StoryObj<QuestionProps<F>> = {
        args: { field: required === undefined ? field : { ...field, required }, scope: { kind: 'step', step }, disabled },
        parameters: { [ANSWER_STATE_PARAMETER]: { step, name: field.name, answers, left } satisfies AnswerState, [ANSWER_STORY_PARAMETER]: state },
        play: async ({ canvasElement }) => expectQuestionState(state, locate(canvasElement, field)),
      };
      return [state, story];
    }),
  ) as Record<AnswerStateName, StoryObj<QuestionProps<F>>>;
}
