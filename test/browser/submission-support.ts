import { expect, type Page } from '@playwright/test';
import { specStepList } from '../support/spec-route-table.ts';
import { dataSteps, fillStep, InputMethods } from './data-steps-support.ts';
import { expectPage } from './support.ts';

const notices = specStepList.filter((step) => /^\/form\/(1[6-9]|2[0-4])\//.test(step.route));

/** Fills every step of the application through its screens, signs, acknowledges, and stops on the Signature step. */
export async function completeApplicationInBrowser(page: Page, baseUrl = ''): Promise<void> {
  const methods = new InputMethods();
  await page.goto(`${baseUrl}/form/2/personal`);
  for (const step of dataSteps) {
    await expectPage(page, step.route, step.heading);
    await fillStep(page, step, methods);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await expectPage(page, '/form/15/confirmation', 'Confirmation');
  await page.getByRole('textbox', { name: 'Or type your full legal name to sign' }).fill('Maria Elena Alvarez');
  await page.getByRole('button', { name: 'Sign with my typed name' }).click();
  await expect(page.getByLabel('Typed signature: Maria Elena Alvarez')).toBeVisible();
  for (const notice of notices) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expectPage(page, notice.route, notice.heading);
    await page.getByRole('checkbox', { name: `I have read and acknowledge the ${notice.heading}` }).check();
  }
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expectPage(page, '/form/25/signature', 'Signature');
  await expect(page.getByText('Every step is complete.')).toBeVisible();
}

