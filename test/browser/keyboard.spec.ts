import { expect, test } from '@playwright/test';
import { carrier, expectPage, formRoutes, h1, homeStep } from './support.ts';

test.describe('keyboard', () => {
  for (const { route, heading } of [{ route: '/', heading: homeStep.heading }, formRoutes[0]!, formRoutes[10]!]) {
    test(`Tab on ${route} reaches a visible skip link, then the header link`, async ({ page }) => {
      await page.goto(route);
      await expectPage(page, route, heading);

      await page.keyboard.press('Tab');
      const skipLink = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skipLink).toBeFocused();
      await expect(skipLink).toBeVisible();
      await expect(skipLink).toBeInViewport();
      const target = await skipLink.getAttribute('href');
      expect(target).toMatch(/^#./);
      await expect(page.locator(target!)).toHaveCount(1);

      await page.keyboard.press('Tab');
      await expect(page.getByRole('banner').getByRole('link', { name: carrier.name })).toBeFocused();
    });
  }

  test('Enter on Next moves to the next step and puts focus on its heading', async ({ page }) => {
    const [first, second, third] = formRoutes;
    await page.goto(first!.route);
    await expectPage(page, first!.route, first!.heading);

    await page.getByRole('button', { name: 'Next', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expectPage(page, second!.route, second!.heading);
    await expect(h1(page)).toBeFocused();

    await page.getByRole('button', { name: 'Next', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expectPage(page, third!.route, third!.heading);
  });
});
