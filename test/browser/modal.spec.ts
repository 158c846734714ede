import { expect, test } from '@playwright/test';
import { expectPage, h1, homeStep, pushNavigationState } from './support.ts';

const submitted = { modal: 'application-submitted', reference: 'ABC-123', downloadUrl: '/x.pdf' };

test.describe('modal opened by navigation state', () => {
  test('application-submitted shows a dialog with the reference; Escape closes it and focus returns to the page', async ({
    page,
  }) => {
    await page.goto('/');
    await expectPage(page, '/', homeStep.heading);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await pushNavigationState(page, '/', submitted);

    const dialog = page.getByRole('dialog', { name: 'Application submitted' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('ABC-123');
    await expect(dialog.getByRole('link', { name: /download/i })).toHaveAttribute('href', '/x.pdf');
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), { message: 'focus is inside the dialog' })
      .toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const active = document.activeElement;
          return active !== null && active !== document.body && active.isConnected && active.closest('dialog') === null;
        }),
        { message: 'focus is back on an element of the page' },
      )
      .toBe(true);
    await expect(h1(page)).toHaveText(homeStep.heading);
    // Closing clears the state, so the modal does not come back on reload.
    expect(await page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr ?? null)).toBeNull();
    await page.reload();
    await expectPage(page, '/', homeStep.heading);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the Close button closes the dialog', async ({ page }) => {
    await page.goto('/form/1/requirements');
    await expectPage(page, '/form/1/requirements', 'Requirements');
    await pushNavigationState(page, '/form/1/requirements', submitted);
    const dialog = page.getByRole('dialog', { name: 'Application submitted' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expectPage(page, '/form/1/requirements', 'Requirements');
  });

  test('an unknown modal name shows no dialog', async ({ page }) => {
    await page.goto('/');
    await expectPage(page, '/', homeStep.heading);

    await pushNavigationState(page, '/', { modal: 'no-such-modal', reference: 'ABC-123' });
    await expect(page).toHaveURL('/');
    await expect(h1(page)).toHaveText(homeStep.heading);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The same route to a known name does open one, so the absence above is the registry's answer.
    await pushNavigationState(page, '/', submitted);
    await expect(page.getByRole('dialog', { name: 'Application submitted' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(h1(page)).toHaveText(homeStep.heading);
  });
});
