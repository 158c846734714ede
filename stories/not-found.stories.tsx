import type { Meta } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { App } from '../src/app/app.tsx';
import { storyAt, withApplication, type ApplicationStory } from './support/application-story.tsx';
import { expectNotFound, expectStep } from './support/page-expectations.ts';

/** Any path outside the route table shows Not Found, with no form layout. */
const meta = {
  title: 'Pages/Not found',
  component: App,
  decorators: [withApplication],
} satisfies Meta<typeof App>;

export default meta;

function notFoundAt(path: string): ApplicationStory {
  return storyAt(path, {
    play: async ({ canvasElement }) => {
      await expectNotFound(canvasElement);
    },
  });
}

/** A path the application has never had. */
export const UnknownPath = notFoundAt('/nope');

/** A real step name under the wrong number (/form/3/general exists, /form/2/general does not). */
export const WrongStepNumber = notFoundAt('/form/2/general');

/** A step route with an extra segment. */
export const ExtraSegment = notFoundAt('/form/1/requirements/junk');

/** A number past the last form step. */
export const PastTheLastStep = notFoundAt('/form/26/finish');

/** "Go back to homepage" leaves Not Found for the home page. */
export const GoBackToHomepage = storyAt('/nope', {
  play: async ({ canvasElement }) => {
    await expectNotFound(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Go back to homepage' }));
    await expectStep(canvasElement, 'home');
  },
});
