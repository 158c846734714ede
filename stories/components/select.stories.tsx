import type { Meta } from '@storybook/react-vite';
import { SelectAnswer } from '../../src/features/step-form/answer-field-view.tsx';
import { withAnswerState } from '../support/answer-story.tsx';
import { componentParameters, declaredField, labelledControl, questionStories } from '../support/question-stories.tsx';

/** A declared choice from a list (General: "Preferred equipment"). */
const field = declaredField('general', 'preferred-equipment', ['select']);

const meta = {
  title: 'Components/Select',
  component: SelectAnswer,
  decorators: [withAnswerState],
  tags: ['autodocs'],
  parameters: componentParameters,
  args: { field, scope: { kind: 'step', step: 'general' } },
} satisfies Meta<typeof SelectAnswer>;

export default meta;

const stories = questionStories('general', field, (canvasElement) => labelledControl(canvasElement, field.label));

export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const Error = stories.Error;
export const Disabled = stories.Disabled;
export const Required = stories.Required;
