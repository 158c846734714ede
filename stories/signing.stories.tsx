import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { getStep, type NoticeId } from '../machines/steps.ts';
import { answerForms } from '../machines/form/step-forms.ts';
import { App } from '../src/app/app.tsx';
import { storyAt, withApplication, type ApplicationStory } from './support/application-story.tsx';
import { expectStep } from './support/page-expectations.ts';

/** Confirmation, the nine notices and the Signature step, from real machine state. */
const meta = {
  title: 'Steps/Signing and notices',
  component: App,
  decorators: [withApplication],
} satisfies Meta<typeof App>;

export default meta;

const confirmationRoute = getStep('confirmation').route;
const signatureRoute = getStep('signature').route;
const everyStep = answerForms.map((form) => form.step);

export const ConfirmationEmpty = storyAt(confirmationRoute, {
  play: async ({ canvasElement }) => {
    await expectStep(canvasElement, 'confirmation');
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Save' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Or type your full legal name to sign' })).toBeVisible();
  },
});

export const ConfirmationFilled = storyAt({ path: confirmationRoute, filled: ['personal', 'confirmation'] }, {
  play: async ({ canvasElement }) => {
    await expectStep(canvasElement, 'confirmation');
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('•••-••-6789')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Show Social Security Number' }));
    await expect(canvas.getByText('123-45-6789')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Email address for your copy' })).toHaveValue('maria.alvarez@example.com');
  },
});

export const ConfirmationSigned = storyAt({ path: confirmationRoute, filled: ['personal'], signed: true }, {
  play: async ({ canvasElement }) => {
    await expectStep(canvasElement, 'confirmation');
    await expect(await within(canvasElement).findByRole('img', { name: 'Your saved signature' })).toBeVisible();
  },
});

function noticeStory(notice: NoticeId): ApplicationStory {
  const { heading, route } = getStep(notice);
  return storyAt(route, {
    parameters: { notice },
    play: async ({ canvasElement }) => {
      await expectStep(canvasElement, notice);
      const checkbox = await within(canvasElement).findByRole('checkbox', { name: `I have read and acknowledge the ${heading}` });
      await expect(checkbox).toBeRequired();
      await userEvent.click(checkbox);
      await expect(checkbox).toBeChecked();
      await expect(within(canvasElement).getByText(/Acknowledged on/)).toBeVisible();
    },
  });
}

export const Rights = noticeStory('rights');
export const Authorization = noticeStory('authorization');
export const Disclosure = noticeStory('disclosure');
export const Disclaimers = noticeStory('disclaimers');
export const Verification = noticeStory('verification');
export const Consent = noticeStory('consent');
export const Summary = noticeStory('summary');
export const Passengers = noticeStory('passengers');
export const Firearm = noticeStory('firearm');

export const SignatureIncomplete = storyAt(signatureRoute, {
  play: async ({ canvasElement }) => {
    await expectStep(canvasElement, 'signature');
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit application' }));
    const summary = await canvas.findByRole('alert');
    await expect(within(summary).getByRole('link', { name: 'Personal Information' })).toHaveAttribute('href', '/form/2/personal');
  },
});

export const SignatureComplete = storyAt({ path: signatureRoute, filled: everyStep, acknowledged: true, signed: true }, {
  play: async ({ canvasElement }) => {
    await expectStep(canvasElement, 'signature');
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Every step is complete.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit application' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Application submitted' });
    await expect(dialog).toHaveTextContent('Your reference number is');
  },
});
