import { expect, waitFor, within } from 'storybook/test';
import { getStep, steps, type StepId } from '../../machines/steps.ts';
import { carrier } from '../../src/shared/carrier.ts';

/**
 * What the Completion Progress bar announces on entry `id`: the spec's (position in the step list + 1) /
 * list length, as a rounded percentage. Computed from the list here, not with the app's own helper.
 */
export function expectedProgress(id: StepId): number {
  const index = steps.findIndex((step) => step.id === id);
  if (index < 0) throw new Error(`Unknown step id: ${id}`);
  return Math.round(((index + 1) / steps.length) * 100);
}

/** The page shows `heading` as its one level-1 heading, and the document title names it with the carrier. */
export async function expectPage(canvasElement: HTMLElement, heading: string): Promise<HTMLElement> {
  const canvas = within(canvasElement);
  const h1 = await canvas.findByRole('heading', { level: 1, name: heading });
  await expect(h1).toBeVisible();
  await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  await waitFor(() => expect(document.title).toBe(`${heading} – ${carrier.name}`));
  return h1;
}

/**
 * The page of step-list entry `id`, as the step list describes it: its heading and, on a form route, the
 * form layout (site header, Completion Progress at the entry's position, Back and Next). The home page
 * (first and last entries) has no progress bar.
 */
export async function expectStep(canvasElement: HTMLElement, id: StepId): Promise<void> {
  const step = getStep(id);
  await expectPage(canvasElement, step.heading);
  const canvas = within(canvasElement);
  await expect(within(canvas.getByRole('banner')).getByRole('link', { name: carrier.name })).toHaveAttribute('href', '/');

  if (step.screen === 'home') {
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    return;
  }

  const progress = canvas.getByRole('progressbar', { name: 'Completion Progress' });
  const percent = expectedProgress(id);
  await expect(progress).toHaveAttribute('aria-valuenow', String(percent));
  await expect(progress).toHaveAttribute('aria-valuetext', `${percent}%`);
  const main = canvas.getByRole('main');
  await expect(main).toHaveAttribute('data-step', id);
  // Back and Next arrive with the step's lazily loaded content.
  await expect(await within(main).findByRole('button', { name: 'Back' })).toBeVisible();
  const forward = 'submits' in step && step.submits ? 'Submit application' : 'Next';
  await expect(await within(main).findByRole('button', { name: forward })).toBeVisible();
}

/** The Not Found page: its heading, a way home, and no form layout. */
export async function expectNotFound(canvasElement: HTMLElement): Promise<void> {
  await expectPage(canvasElement, 'Not Found');
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('link', { name: 'Go back to homepage' })).toHaveAttribute('href', '/');
  await expect(canvas.queryByRole('progressbar')).toBeNull();
  await expect(canvas.queryByRole('button', { name: 'Next' })).toBeNull();
}
