import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { getStep } from '../machines/steps.ts';
import { App } from '../src/app/app.tsx';
import { carrier, telHref } from '../src/shared/carrier.ts';
import { storyAt, withApplication } from './support/application-story.tsx';
import { expectStep } from './support/page-expectations.ts';

/** The home page, `/`: the first entry of the step list. */
const meta = {
  title: 'Pages/Home',
  component: App,
  decorators: [withApplication],
} satisfies Meta<typeof App>;

export default meta;

export const Default = storyAt(getStep('home').route, {
  play: async ({ canvasElement }) => {
    await expectStep(canvasElement, 'home');
    const canvas = within(canvasElement);
    await expect(canvas.getByText(`Apply to drive for ${carrier.name}.`)).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Before you start' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: carrier.hiringPhone })).toHaveAttribute('href', telHref(carrier.hiringPhone));
    await expect(canvas.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', getStep('requirements').route);
    await expect(canvas.getByText(/is an equal opportunity employer/)).toHaveTextContent(
      `${carrier.legalName} is an equal opportunity employer.`,
    );
  },
});

/** "Get started" opens the first form step. */
export const GetStarted = storyAt(getStep('home').route, {
  play: async ({ canvasElement }) => {
    await expectStep(canvasElement, 'home');
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Get started' }));
    await expectStep(canvasElement, 'requirements');
  },
});

/** The carrier's name in the header of a form page leads back home. */
export const HeaderLinksHome = storyAt(getStep('license').route, {
  play: async ({ canvasElement }) => {
    await expectStep(canvasElement, 'license');
    await userEvent.click(within(within(canvasElement).getByRole('banner')).getByRole('link', { name: carrier.name }));
    await expectStep(canvasElement, 'home');
  },
});
