import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { resolveCarrierConfig } from '../../config/carrier-config.ts';
import { specStepList } from '../support/spec-route-table.ts';

/** The carrier the server's build was made with (the same resolution `npm start` and Vite use). */
export const carrier = resolveCarrierConfig();

/** Length of the step list: the home page, 26 form routes and the return to `/`. */
export const stepCount = specStepList.length;

export const homeStep = specStepList[0]!;

/** The 26 form routes with their position in the step list. */
export const formRoutes = specStepList
  .map((step, index) => ({ ...step, index }))
  .filter((step) => step.route !== '/');

/** Every distinct route of the step list (27: `/` and the form routes). */
export const distinctRoutes = [...new Set(specStepList.map((step) => step.route))];

export function expectedProgress(index: number): number {
  return Math.round(((index + 1) / stepCount) * 100);
}

export function h1(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** The page shows `heading` as its h1 and its lazily loaded content has arrived. */
export async function expectPage(page: Page, route: string, heading: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === route);
  await expect(h1(page)).toHaveText(heading);
  // A lazily loaded screen can take long on a loaded machine: a generous wait, not a timing check.
  await expect(page.locator('main')).not.toContainText('Loading…', { timeout: 60_000 });
}

/**
 * Puts `state` on a new history entry at `path` and tells the router, as the browser does when it
 * moves to an entry (react-router keeps the application's state under `usr`, with `key` and `idx`).
 */
export async function pushNavigationState(page: Page, path: string, state: unknown): Promise<void> {
  await page.evaluate(
    ({ path, state }) => {
      const current = history.state as { idx?: number } | null;
      const idx = (current?.idx ?? 0) + 1;
      history.pushState({ usr: state, key: `test-${idx}`, idx }, '', path);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    },
    { path, state },
  );
}

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core finds no WCAG 2.2 A/AA violation on the page as it is now (and did check something). */
export async function expectNoViolations(page: Page): Promise<void> {
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
