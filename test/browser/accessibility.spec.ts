import { expect, test } from '@playwright/test';
import { specStepList, unknownPaths } from '../support/spec-route-table.ts';
import { expectNoAxeViolations } from './data-steps-support.ts';
import { checkEveryRouteFullyRevealed, expectEveryRouteChecked } from './every-route-support.ts';
import { distinctRoutes, expectNoViolations, expectPage, h1, pushNavigationState } from './support.ts';

test.describe('axe: no WCAG 2.x A/AA violations', () => {
  for (const route of distinctRoutes) {
    const step = specStepList.find((entry) => entry.route === route)!;
    test(route, async ({ page }) => {
      await page.goto(route);
      await expectPage(page, route, step.heading);
      await expectNoViolations(page);
    });
  }

  test('Not Found', async ({ page }) => {
    await page.goto(unknownPaths[0]!);
    await expect(h1(page)).toHaveText('Not Found');
    await expectNoViolations(page);
  });

  test('the application-submitted modal', async ({ page }) => {
    await page.goto('/');
    await expectPage(page, '/', specStepList[0]!.heading);
    await pushNavigationState(page, '/', { modal: 'application-submitted', reference: 'ABC-123', downloadUrl: '/x.pdf' });
    await expect(page.getByRole('dialog', { name: 'Application submitted' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('every route in its fully revealed state, the modal after a real submit, Signature incomplete, Not Found', async ({ page }) => {
    test.setTimeout(900_000);
    const checked: string[] = [];
    // Every route reports its violations before the test fails.
    const failures: string[] = [];
    await checkEveryRouteFullyRevealed(page, async (where) => {
      await expectNoAxeViolations(page, where).catch((error: unknown) => failures.push(String(error)));
      checked.push(where);
    });
    expect(failures).toEqual([]);
    expectEveryRouteChecked(checked);
  });
});
