import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { getStep } from '../machines/steps.ts';
import { App } from '../src/app/app.tsx';
import { modalRegistry } from '../src/features/modals/modal-registry.ts';
import { storyAt, withApplication, type ApplicationStory } from './support/application-story.tsx';
import { expectPage, expectStep } from './support/page-expectations.ts';

/**
 * Modals are opened by navigation state (`{ modal: NAME, ...data }`): each story opens the application on a
 * history entry carrying that state, as the submission does when it navigates home.
 */
const meta = {
  title: 'Modals/Navigation state',
  component: App,
  decorators: [withApplication],
  // A modal dialog takes focus when it opens: several on one docs page would take it from one another.
  tags: ['!autodocs'],
} satisfies Meta<typeof App>;

export default meta;

const home = getStep('home').route;
const submittedTitle = modalRegistry['application-submitted']?.title ?? 'Application submitted';
const reference = 'BRF-2025-000142';
const downloadUrl = `/api/applications/${reference}.pdf`;

async function findSubmittedDialog(canvasElement: HTMLElement): Promise<HTMLElement> {
  const dialog = await within(canvasElement).findByRole('dialog', { name: submittedTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('open');
  return dialog;
}

/** The confirmation after a submission: the reference number and a link to download the PDF. */
export const ApplicationSubmitted = storyAt(
  { path: home, state: { modal: 'application-submitted', reference, downloadUrl } },
  {
    play: async ({ canvasElement }) => {
      await expectStep(canvasElement, 'home');
      const dialog = within(await findSubmittedDialog(canvasElement));
      await expect(dialog.getByRole('heading', { level: 2, name: submittedTitle })).toHaveFocus();
      await expect(dialog.getByText(reference)).toBeVisible();
      const download = dialog.getByRole('link', { name: 'Download a copy of your application (PDF)' });
      await expect(download).toHaveAttribute('href', downloadUrl);
      await expect(download).toHaveAttribute('download');
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    },
  },
);

/** Close clears the navigation state: the dialog goes and focus returns to the page's heading. */
export const CloseReturnsToThePage = storyAt(
  { path: home, state: { modal: 'application-submitted', reference, downloadUrl } },
  {
    play: async ({ canvasElement }) => {
      const dialog = await findSubmittedDialog(canvasElement);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(within(canvasElement).queryByRole('dialog')).toBeNull());
      const heading = await expectPage(canvasElement, getStep('home').heading);
      await waitFor(() => expect(heading).toHaveFocus());
    },
  },
);

/** Only a same-site path is offered for download; anything else is left out, the reference stays. */
export const OffSiteDownloadIsLeftOut = storyAt(
  { path: home, state: { modal: 'application-submitted', reference, downloadUrl: 'https://example.com/application.pdf' } },
  {
    play: async ({ canvasElement }) => {
      const dialog = within(await findSubmittedDialog(canvasElement));
      await expect(dialog.getByText(reference)).toBeVisible();
      await expect(dialog.queryByRole('link')).toBeNull();
    },
  },
);

/** A modal name that is not in the registry opens nothing. */
function noModal(modal: string): ApplicationStory {
  return storyAt(
    { path: home, state: { modal, reference } },
    {
      play: async ({ canvasElement }) => {
        await expectStep(canvasElement, 'home');
        await expect(canvasElement.querySelector('dialog')).toBeNull();
        await expect(within(canvasElement).queryByText(reference)).toBeNull();
      },
    },
  );
}

export const UnknownModalShowsNothing = noModal('no-such-modal');

/** Names inherited by every object are not registry entries either. */
export const InheritedNameShowsNothing = noModal('toString');
