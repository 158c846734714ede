import type { Meta } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { getStep } from '../machines/steps.ts';
import type { DataStepId } from '../machines/form/step-forms.ts';
import { App } from '../src/app/app.tsx';
import { storyAt, withApplication, type ApplicationStory } from './support/application-story.tsx';
import { expectStep } from './support/page-expectations.ts';

/**
 * Every data step (Personal Information to Criminal Record), empty and with every reveal open and every
 * list filled. Both start from a machine snapshot (`applicationMachine.resolveState`) whose context is
 * the sample answers as data (`sampleContext`, test/support/sample-answers.ts). test/stories checks that
 * every data step has both stories and that each snapshot is the one a person's events reach.
 */
const meta = {
  title: 'Steps/Data steps',
  component: App,
  decorators: [withApplication],
} satisfies Meta<typeof App>;

export default meta;

/** The history table shows the entries of the employment-type steps (decision 18), so its filled story fills them too. */
const historySources: readonly DataStepId[] = ['employed', 'training', 'education', 'unemployed', 'military', 'employment'];

function dataStepStory(step: DataStepId, variant: 'empty' | 'filled'): ApplicationStory {
  const route = getStep(step).route;
  const filled = step === 'employment' ? historySources : [step];
  return storyAt(variant === 'filled' ? { path: route, filled } : route, {
    parameters: { dataStep: { step, variant } },
    play: async ({ canvasElement }) => {
      await expectStep(canvasElement, step);
      const main = within(canvasElement).getByRole('main');
      // The neighbouring steps are rendered ahead, hidden: only the step shown is checked.
      const shown = main.querySelector<HTMLElement>(`[data-step-content="${step}"]`);
      await expect(shown).toBeVisible();
      const reveals = Array.from(shown!.querySelectorAll<HTMLElement>('.reveal'));
      if (variant === 'empty') {
        for (const reveal of reveals) await expect(reveal).not.toBeVisible();
        for (const radio of within(main).queryAllByRole('radio')) await expect(radio).not.toBeChecked();
      } else {
        for (const reveal of reveals) await expect(reveal.hidden).toBe(false);
        await expect(shown!.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
      }
    },
  });
}

export const PersonalEmpty = dataStepStory('personal', 'empty');
export const PersonalFilled = dataStepStory('personal', 'filled');
export const GeneralEmpty = dataStepStory('general', 'empty');
export const GeneralFilled = dataStepStory('general', 'filled');
export const EmergencyEmpty = dataStepStory('emergency', 'empty');
export const EmergencyFilled = dataStepStory('emergency', 'filled');
export const LicenseEmpty = dataStepStory('license', 'empty');
export const LicenseFilled = dataStepStory('license', 'filled');
export const MilitaryEmpty = dataStepStory('military', 'empty');
export const MilitaryFilled = dataStepStory('military', 'filled');
export const EmployedEmpty = dataStepStory('employed', 'empty');
export const EmployedFilled = dataStepStory('employed', 'filled');
export const TrainingEmpty = dataStepStory('training', 'empty');
export const TrainingFilled = dataStepStory('training', 'filled');
export const EducationEmpty = dataStepStory('education', 'empty');
export const EducationFilled = dataStepStory('education', 'filled');
export const UnemployedEmpty = dataStepStory('unemployed', 'empty');
export const UnemployedFilled = dataStepStory('unemployed', 'filled');
export const EmploymentEmpty = dataStepStory('employment', 'empty');
export const EmploymentFilled = dataStepStory('employment', 'filled');
export const RecordEmpty = dataStepStory('record', 'empty');
export const RecordFilled = dataStepStory('record', 'filled');
export const AccidentsEmpty = dataStepStory('accidents', 'empty');
export const AccidentsFilled = dataStepStory('accidents', 'filled');
export const ViolationsEmpty = dataStepStory('violations', 'empty');
export const ViolationsFilled = dataStepStory('violations', 'filled');
export const CriminalEmpty = dataStepStory('criminal', 'empty');
export const CriminalFilled = dataStepStory('criminal', 'filled');
