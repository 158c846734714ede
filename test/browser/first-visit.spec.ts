import { expect, test } from '@playwright/test';
import { carrier, expectPage, formRoutes, h1, homeStep } from './support.ts';

const requirements = formRoutes[0]!;

test.describe('the first visit to /', () => {
  test('the home page is readable and its link works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(h1(page)).toHaveText(homeStep.heading);
    await expect(page).toHaveTitle(`${homeStep.heading} – ${carrier.name}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Before you start' })).toBeVisible();
    await expect(page.getByText(`${carrier.legalName} is an equal opportunity employer`)).toBeVisible();
    await expect(page.getByRole('link', { name: carrier.hiringPhone })).toHaveAttribute('href', /^tel:/);

    // The form itself needs JavaScript, and says so (with the hiring line) instead of showing the home page again.
    await page.getByRole('link', { name: 'Get started' }).click();
    await expect(page).toHaveURL((url) => url.pathname === requirements.route);
    // (Playwright's text queries and matchers skip <noscript>: its rendered text is read as the body's innerText.)
    const shown = await page.locator('body').innerText();
    expect(shown).toContain('This application form needs JavaScript');
    expect(shown).toContain(carrier.hiringPhone);
    await expect(h1(page)).toHaveCount(0);
    await context.close();
  });

  test('only the boot module runs; the application is only prefetched until the applicant goes on', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const scripts = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ name: new URL(entry.name).pathname, by: entry.initiatorType })),
    );
    const run = scripts.filter((script) => script.by !== 'link').map((script) => script.name);
    expect(run).toHaveLength(1);
    expect(run[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const prefetched = scripts.filter((script) => script.by === 'link').map((script) => script.name);
    expect(prefetched.some((name) => /start-application-[\w-]+\.js$/.test(name))).toBe(true);
    // React has not taken the page: the root is no React container yet.
    const reactRoot = () => page.evaluate(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
    expect(await reactRoot()).toBe(false);
    await page.getByRole('link', { name: 'Get started' }).click();
    await expect(h1(page)).toHaveText(requirements.heading);
    expect(await reactRoot()).toBe(true);
  });

  test('Get started starts the application in the same page, and Back shows the same home page', async ({ page }) => {
    await page.goto('/');
    const prerendered = await page.locator('main').innerText();
    await page.evaluate(() => Object.assign(window, { samePage: true }));

    await page.getByRole('link', { name: 'Get started' }).click();
    await expectPage(page, requirements.route, requirements.heading);
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);

    await page.goBack();
    await expectPage(page, '/', homeStep.heading);
    expect(await page.locator('main').innerText()).toBe(prerendered);
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  });

  test('Get started by keyboard starts the application too', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get started' }).focus();
    await page.keyboard.press('Enter');
    await expectPage(page, requirements.route, requirements.heading);
  });

  test('a link opened in a new tab is left to the browser', async ({ page, context }) => {
    await page.goto('/');
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Get started' }).click({ modifiers: ['ControlOrMeta'] }),
    ]);
    await opened.waitForLoadState();
    await expectPage(opened, requirements.route, requirements.heading);
    await expectPage(page, '/', homeStep.heading);
  });
});
