import { expect, type Page } from '@playwright/test';
import { specStepList, unknownPaths } from '../support/spec-route-table.ts';
import { closeHistoryForm, dataSteps, expectFullyRevealed, fillStep, InputMethods, openHistoryForm } from './data-steps-support.ts';
import { distinctRoutes, expectPage, h1 } from './support.ts';

/**
 * Every route of the application in its fully revealed state, in one session: the home page,
 * Requirements, the fourteen data steps filled with every reveal open (Employment/Contract History
 * also with its Add History Item form open), Confirmation with the SSN shown and the copy's email
 * revealed (unsigned and signed), the nine notices acknowledged, Signature complete, the
 * application-submitted modal after a real submit; then Signature incomplete (after Submit on an
 * empty application) and Not Found. `check` is called in each of these states.
 */

export const confirmationStep = specStepList.find((step) => step.route === '/form/15/confirmation')!;
export const noticeSteps = specStepList.filter((step) => /^\/form\/(1[6-9]|2[0-4])\//.test(step.route));
export const signatureStep = specStepList.find((step) => step.route === '/form/25/signature')!;
const homeStep = specStepList[0]!;
const requirementsStep = specStepList[1]!;

export type Check = (where: string) => Promise<void>;

async function next(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

/** Every distinct route of the step list, Not Found and the modal were among the states `check` was called in. */
export function expectEveryRouteChecked(checked: readonly string[]): void {
  for (const route of distinctRoutes) expect(checked.some((where) => where.startsWith(route)), route).toBe(true);
  expect(checked).toContain('the application-submitted modal');
  expect(checked).toContain('Not Found');
}

/** The states of every route, in the order an applicant meets them, then Signature incomplete and Not Found. */
export async function checkEveryRouteFullyRevealed(page: Page, check: Check): Promise<void> {
  await page.goto('/');
  await expectPage(page, '/', homeStep.heading);
  await check('/');

  await page.getByRole('link', { name: 'Get started' }).click();
  await expectPage(page, requirementsStep.route, requirementsStep.heading);
  await check(requirementsStep.route);
  await next(page);

  const methods = new InputMethods();
  for (const step of dataSteps) {
    await expectPage(page, step.route, step.heading);
    await fillStep(page, step, methods);
    await expectFullyRevealed(page, step);
    await check(step.route);
    if (step.form.step === 'employment') {
      await openHistoryForm(page);
      await check(`${step.route} with the Add History Item form open`);
      await closeHistoryForm(page);
    }
    await next(page);
  }

  await expectPage(page, confirmationStep.route, confirmationStep.heading);
  await page.getByRole('button', { name: 'Show Social Security Number' }).click();
  // The button says what it does next (its name changes, so it is not also a pressed toggle).
  await expect(page.getByRole('button', { name: 'Hide Social Security Number' })).not.toHaveAttribute('aria-pressed');
  await expect(page.getByRole('definition').filter({ hasText: /\d{3}-\d{2}-\d{4}/ })).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Send me a copy of my application by email' }).check();
  await expect(page.getByRole('textbox', { name: 'Email address for your copy' })).not.toHaveValue('');
  await check(`${confirmationStep.route} with the SSN shown and the copy's email revealed, not signed`);
  await page.getByRole('textbox', { name: 'Or type your full legal name to sign' }).fill('Maria Elena Alvarez');
  await page.getByRole('button', { name: 'Sign with my typed name' }).click();
  await expect(page.getByLabel('Typed signature: Maria Elena Alvarez')).toBeVisible();
  await check(`${confirmationStep.route} signed`);

  for (const notice of noticeSteps) {
    await next(page);
    await expectPage(page, notice.route, notice.heading);
    await page.getByRole('checkbox', { name: `I have read and acknowledge the ${notice.heading}` }).check();
    await expect(page.getByRole('main').getByText(/^Acknowledged on /).filter({ visible: true })).toBeVisible();
    await check(notice.route);
  }

  await next(page);
  await expectPage(page, signatureStep.route, signatureStep.heading);
  await expect(page.getByText('Every step is complete.')).toBeVisible();
  await check(`${signatureStep.route} complete`);

  await page.getByRole('button', { name: 'Submit application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Application submitted' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Download a copy of your application (PDF)' })).toBeVisible();
  await check('the application-submitted modal');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A new session: nothing answered, Submit application lists every incomplete step.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(signatureStep.route);
  await expectPage(page, signatureStep.route, signatureStep.heading);
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('alert')).toBeFocused();
  await check(`${signatureStep.route} incomplete, after Submit application`);

  await page.goto(unknownPaths[0]!);
  await expect(h1(page)).toHaveText('Not Found');
  await check('Not Found');
}
