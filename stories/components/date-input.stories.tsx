import type { Meta } from '@storybook/react-vite';
import { DateAnswer } from '../../src/features/step-form/answer-field-view.tsx';
import { withAnswerState } from '../support/answer-story.tsx';
import { componentParameters, declaredField, labelledControl, questionStories } from '../support/question-stories.tsx';

/** A declared date (Personal Information: "Date of birth"): the browser's date picker. */
const field = declaredField('personal', 'date-of-birth', ['date']);

const meta = {
  title: 'Components/Date input',
  component: DateAnswer,
  decorators: [withAnswerState],
  tags: ['autodocs'],
  parameters: componentParameters,
  args: { field, scope: { kind: 'step', step: 'personal' } },
} satisfies Meta<typeof DateAnswer>;

export default meta;

const stories = questionStories('personal', field, (canvasElement) => labelledControl(canvasElement, field.label));

export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const Error = stories.Error;
export const Disabled = stories.Disabled;
export const Required = stories.Required;
