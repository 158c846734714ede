import type { Meta } from '@storybook/react-vite';
import { YesNoAnswer } from '../../src/features/step-form/answer-field-view.tsx';
import { withAnswerState } from '../support/answer-story.tsx';
import { componentParameters, declaredField, groupControls, questionStories } from '../support/question-stories.tsx';

/** A declared yes/no question (Record: "Have you ever been denied a license…?"), whose Yes reveals a month. */
const field = declaredField('record', 'license-denied', ['yesNo']);

const meta = {
  title: 'Components/Yes-no question',
  component: YesNoAnswer,
  decorators: [withAnswerState],
  tags: ['autodocs'],
  parameters: componentParameters,
  args: { field, scope: { kind: 'step', step: 'record' } },
} satisfies Meta<typeof YesNoAnswer>;

export default meta;

const stories = questionStories('record', field, (canvasElement) => groupControls(canvasElement, field.label));

export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const Error = stories.Error;
export const Disabled = stories.Disabled;
export const Required = stories.Required;
