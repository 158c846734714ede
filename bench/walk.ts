import type { Locator, Page } from '@playwright/test';
import { steps } from '../machines/steps.ts';

/**
 * The walk through the application as an applicant makes it: `/`, Get started, then Next up to the
 * signature. Those 27 entries of the step list are its 27 distinct routes (the 28th entry, `/` after
 * a submission, is reached by submitting, not by Next).
 */
export const walkSteps = steps.slice(0, steps.findIndex((step) => 'submits' in step && step.submits) + 1);

export interface Transition {
  readonly index: number;
  readonly from: (typeof walkSteps)[number];
  readonly to: (typeof walkSteps)[number];
  /** The control the applicant clicks: Get started on the home page, Next on every other step. */
  control(page: Page): Locator;
}

export const transitions: readonly Transition[] = walkSteps.slice(1).map((to, index) => ({
  index,
  from: walkSteps[index]!,
  to,
  control: (page: Page) =>
    index === 0 ? page.getByRole('link', { name: 'Get started', exact: true }) : page.getByRole('button', { name: 'Next', exact: true }),
}));
