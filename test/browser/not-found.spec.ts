import { expect, test } from '@playwright/test';
import { unknownPaths } from '../support/spec-route-table.ts';
import { distinctRoutes, expectPage, h1, homeStep } from './support.ts';

test.describe('unknown paths', () => {
  for (const path of unknownPaths) {
    test(`${path} answers 404 with the Not Found page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(h1(page)).toHaveText('Not Found');
      await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
      await expect(
        page.getByText('Please check the URL or click the button below to go back to the homepage.'),
      ).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);

      await page.getByRole('link', { name: 'Go back to homepage' }).click();
      await expectPage(page, '/', homeStep.heading);
    });
  }
});

test('every route of the step list answers 200', async ({ request }) => {
  expect(distinctRoutes).toHaveLength(27);
  for (const route of distinctRoutes) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    expect(response.headers()['content-type'], route).toContain('text/html');
  }
});
