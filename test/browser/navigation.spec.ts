import { expect, test, type Page } from '@playwright/test';
import { specStepList } from '../support/spec-route-table.ts';
import { carrier, expectPage, expectedProgress, formRoutes, h1, homeStep, stepCount } from './support.ts';

const requirements = formRoutes[0]!;
const signature = formRoutes[formRoutes.length - 1]!;

test.describe('home page', () => {
  test('offers Get started, which opens the first form route', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expectPage(page, '/', homeStep.heading);

    const getStarted = page.getByRole('link', { name: 'Get started' });
    await expect(getStarted).toHaveAttribute('href', requirements.route);
    await getStarted.click();
    await expectPage(page, requirements.route, requirements.heading);
  });

  test('gives the hiring line phone number as a tel: link', async ({ page }) => {
    await page.goto('/');
    const phone = page.getByRole('link', { name: carrier.hiringPhone });
    await expect(phone).toBeVisible();
    const href = await phone.getAttribute('href');
    expect(href).toMatch(/^tel:\+?[0-9]+$/);
    const digits = carrier.hiringPhone.replace(/[^0-9]/g, '');
    expect(href?.replace(/[^0-9]/g, '')).toMatch(new RegExp(`${digits}$`));
  });
});

async function expectProgress(page: Page, index: number): Promise<void> {
  const progress = page.getByRole('progressbar', { name: 'Completion Progress' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', String(expectedProgress(index)));
  const fill = progress.locator('.progress__fill');
  await expect(fill).toHaveCount(1);
  // The fill animates its width, so wait for it to settle on the expected share of the track.
  await expect
    .poll(async () =>
      fill.evaluate((element) => {
        const track = element.closest('[role="progressbar"]') as HTMLElement;
        return element.getBoundingClientRect().width / track.clientWidth;
      }),
    )
    .toBeCloseTo((index + 1) / stepCount, 2);
}

test.describe('form route layout', () => {
  for (const step of formRoutes) {
    test(`${step.route} (deep link) shows the header, progress, heading and Back/Next`, async ({ page }) => {
      const response = await page.goto(step.route);
      expect(response?.status()).toBe(200);
      await expectPage(page, step.route, step.heading);

      const header = page.getByRole('banner');
      await expect(header).toBeVisible();
      await expect(header).toContainText(carrier.name);
      const logo = header.locator('img');
      await expect(logo).toBeVisible();
      await expect(logo).toHaveAttribute('src', carrier.logo);
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

      await expectProgress(page, step.index);
      await expect(h1(page)).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
      // Decision 5: the Signature step's forward button is Submit application.
      const forward = step.route === signature.route ? 'Submit application' : 'Next';
      await expect(page.getByRole('button', { name: forward, exact: true })).toBeVisible();
    });
  }

  test('Submit application on the signature step checks the application and stays while it is incomplete (decision 5)', async ({ page }) => {
    await page.goto(signature.route);
    await expectPage(page, signature.route, signature.heading);
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Submit application', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Your application is not complete yet');
    await expectPage(page, signature.route, signature.heading);
  });

  test('Back on the first form route returns to /', async ({ page }) => {
    await page.goto(requirements.route);
    await expectPage(page, requirements.route, requirements.heading);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expectPage(page, '/', homeStep.heading);
  });
});

test.describe('moving through the step list', () => {
  test('Get started and Next visit every form route in order; Back walks back to /', async ({ page }) => {
    await page.goto('/');
    await expectPage(page, '/', homeStep.heading);

    await page.getByRole('link', { name: 'Get started' }).click();
    await expectPage(page, requirements.route, requirements.heading);
    await expectProgress(page, 1);

    const visited = [requirements.route];
    for (const step of formRoutes.slice(1)) {
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expectPage(page, step.route, step.heading);
      await expect(page.getByRole('progressbar', { name: 'Completion Progress' })).toHaveAttribute(
        'aria-valuenow',
        String(expectedProgress(step.index)),
      );
      visited.push(step.route);
    }
    expect(visited).toEqual(specStepList.slice(1, -1).map((step) => step.route));
    expect(visited).toHaveLength(26);
    // The 28th entry (`/`) follows a successful submission (decision 5), not a plain Next.
    await expect(page.getByRole('button', { name: 'Submit application', exact: true })).toBeVisible();

    // Back, from the last form route to the first, then to the home page.
    for (const step of [...formRoutes].reverse().slice(1)) {
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await expectPage(page, step.route, step.heading);
    }
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expectPage(page, '/', homeStep.heading);
  });

  test("the browser's back and forward buttons move through the steps like Back and Next", async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/');
    await page.getByRole('link', { name: 'Get started' }).click();
    await expectPage(page, requirements.route, requirements.heading);
    for (const step of formRoutes.slice(1)) {
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expectPage(page, step.route, step.heading);
    }

    // Browser back: from the Signature step through every form route to the home page.
    for (const step of [...formRoutes].reverse().slice(1)) {
      await page.goBack();
      await expectPage(page, step.route, step.heading);
      await expectProgress(page, step.index);
    }
    await page.goBack();
    await expectPage(page, '/', homeStep.heading);

    // Browser forward: the same way again, and the machine follows (Next continues from there).
    for (const step of formRoutes) {
      await page.goForward();
      await expectPage(page, step.route, step.heading);
    }

    await page.goBack();
    const beforeSignature = formRoutes[formRoutes.length - 2]!;
    await expectPage(page, beforeSignature.route, beforeSignature.heading);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expectPage(page, signature.route, signature.heading);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expectPage(page, beforeSignature.route, beforeSignature.heading);
  });

  test('the header link leads home from a form route', async ({ page }) => {
    await page.goto(formRoutes[5]!.route);
    await page.getByRole('banner').getByRole('link', { name: carrier.name }).click();
    await expectPage(page, '/', homeStep.heading);
  });
});

test.describe('scroll position', () => {
  test.use({ viewport: { width: 360, height: 400 } });

  async function scrollToBottom(page: Page): Promise<void> {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'the page is tall enough to scroll' }).toBeGreaterThan(0);
  }

  async function expectAtTop(page: Page): Promise<void> {
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  }

  test('every path change scrolls to the top', async ({ page }) => {
    await page.goto('/');
    await expectPage(page, '/', homeStep.heading);
    // Some screens are shorter than even a 400px viewport: pad the document (through the CSSOM, which
    // the Content-Security-Policy allows; it stays for the whole test, as every step change happens in this document).
    await page.evaluate(() => {
      document.body.style.paddingBottom = '150vh';
    });
    await scrollToBottom(page);
    await page.getByRole('link', { name: 'Get started' }).click();
    await expectPage(page, requirements.route, requirements.heading);
    await expectAtTop(page);

    for (const step of formRoutes.slice(1)) {
      await scrollToBottom(page);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expectPage(page, step.route, step.heading);
      await expectAtTop(page);
    }

    await scrollToBottom(page);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    const previous = formRoutes[formRoutes.length - 2]!;
    await expectPage(page, previous.route, previous.heading);
    await expectAtTop(page);

    await scrollToBottom(page);
    await page.goBack();
    await expectPage(page, signature.route, signature.heading);
    await expectAtTop(page);

    await scrollToBottom(page);
    await page.getByRole('banner').getByRole('link', { name: carrier.name }).click();
    await expectPage(page, '/', homeStep.heading);
    await expectAtTop(page);
  });
});
