import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { specStepList, unknownPaths } from '../support/spec-route-table.ts';
import { distinctRoutes, expectPage, h1, pushNavigationState } from './support.ts';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary).toEqual([]);
  expect(results.passes.length).toBeGreaterThan(0);
}

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
});
