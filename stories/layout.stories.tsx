import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { getStep, steps, type StepId } from '../machines/steps.ts';
import { App } from '../src/app/app.tsx';
import { storyAt, withApplication, type ApplicationStory } from './support/application-story.tsx';
import { expectStep } from './support/page-expectations.ts';

/**
 * The form layout (site header, Completion Progress, heading, Back and Next) at several positions of the
 * step list. Each story opens the step's route from machines/steps.ts and checks what the list says.
 */
const meta = {
  title: 'Layout/Form layout',
  component: App,
  decorators: [withApplication],
} satisfies Meta<typeof App>;

export default meta;

/** The application opened on the route of entry `id`, checked against that entry. */
function layoutAt(id: StepId): ApplicationStory {
  return storyAt(getStep(id).route, {
    play: async ({ canvasElement }) => {
      await expectStep(canvasElement, id);
    },
  });
}

/** The first form route, /form/1/requirements. */
export const FirstFormStep = layoutAt('requirements');

/** Two entries share the number 3: /form/3/emergency follows /form/3/general. */
export const SharedStepNumber = layoutAt('emergency');

/** Halfway through: /form/10/employment. */
export const MiddleStep = layoutAt('employment');

/** The first consent page, /form/16/rights: a notice with no step-list title. */
export const ConsentPage = layoutAt('rights');

/** The last consent page before the signature, /form/24/firearm. */
export const LastConsentPage = layoutAt('firearm');

/** The last form route, /form/25/signature. */
export const Signature = layoutAt('signature');

/** Next and Back move one entry through the list and the layout follows. */
export const NextThenBack = storyAt(getStep('employment').route, {
  play: async ({ canvasElement }) => {
    const main = () => within(within(canvasElement).getByRole('main'));
    await expectStep(canvasElement, 'employment');
    await userEvent.click(main().getByRole('button', { name: 'Next' }));
    await expectStep(canvasElement, 'record');
    await userEvent.click(main().getByRole('button', { name: 'Back' }));
    await userEvent.click(main().getByRole('button', { name: 'Back' }));
    await expectStep(canvasElement, 'unemployed');
  },
});

/** From the first form route, Next visits every later entry of the list in order, ending on the home page. */
export const NextThroughEveryStep = storyAt(getStep('requirements').route, {
  play: async ({ canvasElement }) => {
    await expectStep(canvasElement, 'requirements');
    const last = steps.indexOf(getStep('signature'));
    for (const step of steps.slice(steps.indexOf(getStep('requirements')) + 1, last + 1)) {
      await userEvent.click(within(within(canvasElement).getByRole('main')).getByRole('button', { name: 'Next' }));
      await expectStep(canvasElement, step.id);
    }
    // On the Signature step the forward button submits: with nothing answered it lists what is missing.
    await userEvent.click(within(within(canvasElement).getByRole('main')).getByRole('button', { name: 'Submit application' }));
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Your application is not complete yet');
  },
});
