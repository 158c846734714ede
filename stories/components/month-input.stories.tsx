import type { Meta } from '@storybook/react-vite';
import { DateAnswer } from '../../src/features/step-form/answer-field-view.tsx';
import { withAnswerState } from '../support/answer-story.tsx';
import { componentParameters, declaredField, labelledControl, questionStories } from '../support/question-stories.tsx';

/** A declared month (Record: when the license was denied, shown by Yes): the browser's month picker, or MM/YYYY text where it has none. */
const field = declaredField('record', 'license-denied-date', ['month']);

const meta = {
  title: 'Components/Month input',
  component: DateAnswer,
  decorators: [withAnswerState],
  tags: ['autodocs'],
  parameters: componentParameters,
  args: { field, scope: { kind: 'step', step: 'record' } },
} satisfies Meta<typeof DateAnswer>;

export default meta;

const stories = questionStories('record', field, (canvasElement) => labelledControl(canvasElement, field.label));

export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const Error = stories.Error;
export const Disabled = stories.Disabled;
export const Required = stories.Required;
