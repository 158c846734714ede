import type { Meta, StoryObj } from '@storybook/react-vite';
import { stepProblems } from '../../machines/form/problems.ts';
import { Field, type ControlProps } from '../../src/shared/ui/field.tsx';
import { answerStates, type AnswerStateName } from '../support/answer-story.tsx';
import { expectQuestionState } from '../support/answer-expectations.ts';
import { ANSWER_STORY_PARAMETER, answerStateData, componentParameters, declaredField, labelledControl } from '../support/question-stories.tsx';

/**
 * The one Field (src/shared/ui/field.tsx): a label, a hint and an error tied to the control it renders.
 * Shown with a declared question (Personal Information: last name) and the machine's own message for it.
 */
const question = declaredField('personal', 'last-name', ['text']);
const message = stepProblems('personal', {}).find((problem) => problem.key === question.name)?.message;
const answer = 'Alvarez';

function textControl(value?: string) {
  function TextControl(control: ControlProps) {
    return <input {...control} type="text" name={question.name} autoComplete={question.autoComplete} className="input" defaultValue={value} />;
  }
  return TextControl;
}

const meta = {
  title: 'Components/Field',
  component: Field,
  tags: ['autodocs'],
  parameters: componentParameters,
  args: { label: question.label, hint: question.hint, children: textControl() },
} satisfies Meta<typeof Field>;

export default meta;

type FieldStory = StoryObj<typeof meta>;

function fieldStory(state: AnswerStateName): FieldStory {
  const { answers, left, disabled, required } = answerStateData[state];
  return {
    args: {
      required: required ?? true,
      disabled,
      error: left ? message : undefined,
      children: textControl(answers === 'filled' ? answer : undefined),
    },
    parameters: { [ANSWER_STORY_PARAMETER]: state },
    play: async ({ canvasElement }) => expectQuestionState(state, labelledControl(canvasElement, question.label)),
  };
}

const stories = Object.fromEntries(answerStates.map((state) => [state, fieldStory(state)])) as Record<AnswerStateName, FieldStory>;

export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const Error = stories.Error;
export const Disabled = stories.Disabled;
export const Required = stories.Required;
