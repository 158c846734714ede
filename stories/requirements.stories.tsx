import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { getStep } from '../machines/steps.ts';
import { App } from '../src/app/app.tsx';
import { storyAt, withApplication } from './support/application-story.tsx';
import { expectStep } from './support/page-expectations.ts';

/** The first form step, /form/1/requirements: the qualification criteria. */
const meta = {
  title: 'Pages/Requirements',
  component: App,
  decorators: [withApplication],
} satisfies Meta<typeof App>;

export default meta;

const route = getStep('requirements').route;

export const Default = storyAt(route, {
  play: async ({ canvasElement }) => {
    await expectStep(canvasElement, 'requirements');
    const main = within(within(canvasElement).getByRole('main'));
    // The screen is loaded on demand: wait for it to replace the loading message.
    await expect(
      await main.findByText('To be considered for a driving position, you must meet these qualification criteria:'),
    ).toBeVisible();
    const criteria = within(main.getByRole('list')).getAllByRole('listitem');
    await expect(criteria).toHaveLength(7);
    await expect(criteria[0]).toHaveTextContent('At least 21 years old.');
    await expect(main.queryByText('Loading…')).toBeNull();
  },
});

/** A trailing slash opens the same step. */
export const TrailingSlash = storyAt(`${route}/`, {
  play: async ({ canvasElement }) => {
    await expectStep(canvasElement, 'requirements');
  },
});

/** Back from the first form step returns to the home page. */
export const BackGoesHome = storyAt(route, {
  play: async ({ canvasElement }) => {
    await expectStep(canvasElement, 'requirements');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Back' }));
    await expectStep(canvasElement, 'home');
  },
});

/** Next goes on to Personal Information, whatever was (not) filled in: Next never validates. */
export const NextGoesToPersonalInformation = storyAt(route, {
  play: async ({ canvasElement }) => {
    await expectStep(canvasElement, 'requirements');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Next' }));
    await expectStep(canvasElement, 'personal');
  },
});
