import { expect, test, type Page } from '@playwright/test';
import { confirmationStep, noticeSteps, signatureStep } from './every-route-support.ts';
import { dataSteps, fillStep, InputMethods, press, tabTo, useKeyboardOnly } from './data-steps-support.ts';
import { expectPage, h1, homeStep } from './support.ts';

/**
 * Issue 8: the whole application can be completed and submitted without a pointer. From `/`, only
 * Tab, Shift+Tab, Enter, Space, arrow keys and typing: no click, fill or check, and nothing focused by
 * script (`tabTo` walks focus there by keyboard and checks it is visible and on screen).
 */

async function nextByKeyboard(page: Page, route: string, heading: string): Promise<void> {
  await press(page, page.getByRole('button', { name: 'Next', exact: true }));
  await expectPage(page, route, heading);
  // Focus goes to the new page's heading, so the next Tab starts at the top of its content.
  await expect(h1(page)).toBeFocused();
}

test('the whole application is completed, signed and submitted with the keyboard only', async ({ page }) => {
  test.setTimeout(900_000);
  useKeyboardOnly(page);
  await page.goto('/');
  await expectPage(page, '/', homeStep.heading);

  await press(page, page.getByRole('link', { name: 'Get started' }));
  await expectPage(page, '/form/1/requirements', 'Requirements');
  await expect(h1(page)).toBeFocused();

  const methods = new InputMethods(true);
  await nextByKeyboard(page, dataSteps[0]!.route, dataSteps[0]!.heading);
  for (const [index, step] of dataSteps.entries()) {
    await test.step(step.route, async () => {
      await fillStep(page, step, methods);
      const following = dataSteps[index + 1] ?? confirmationStep;
      await nextByKeyboard(page, following.route, following.heading);
    });
  }
  expect(methods.usage().text?.pointer ?? 0, 'nothing was entered by pointer').toBe(0);

  // Confirmation: sign with the typed name.
  await tabTo(page, page.getByRole('textbox', { name: 'Or type your full legal name to sign' }));
  await page.keyboard.type('Maria Elena Alvarez');
  await press(page, page.getByRole('button', { name: 'Sign with my typed name' }));
  await expect(page.getByLabel('Typed signature: Maria Elena Alvarez')).toBeVisible();
  // Signing replaced the pad: focus moves to the saved signature's status, not lost to the page.
  await expect(page.getByText(/^Signed on .*\(typed name\)\.$/)).toBeFocused();

  for (const notice of noticeSteps) {
    await nextByKeyboard(page, notice.route, notice.heading);
    const checkbox = page.getByRole('checkbox', { name: `I have read and acknowledge the ${notice.heading}` });
    await tabTo(page, checkbox);
    await page.keyboard.press('Space');
    await expect(checkbox).toBeChecked();
  }

  await nextByKeyboard(page, signatureStep.route, signatureStep.heading);
  await expect(page.getByText('Every step is complete.')).toBeVisible();
  await press(page, page.getByRole('button', { name: 'Submit application' }));

  const dialog = page.getByRole('dialog', { name: 'Application submitted' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(dialog).toContainText(/Your reference number is BRF-[2-9A-HJ-NP-Z]{8}\./);
  // Stored: its private copy link answers with the PDF.
  const href = await dialog.getByRole('link', { name: 'Download a copy of your application (PDF)' }).getAttribute('href');
  const copy = await page.request.get(href ?? '');
  expect(copy.status()).toBe(200);
  expect((await copy.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // Focus is inside the dialog, and Escape closes it.
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
