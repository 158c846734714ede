import { expect, test, type Page } from '@playwright/test';
import { specStepList } from '../support/spec-route-table.ts';
import { expectNoViolations, expectPage, h1 } from './support.ts';

/** The signing pages in step order: Confirmation, the nine notices, Signature. */
const confirmation = specStepList.find((step) => step.route === '/form/15/confirmation')!;
const notices = specStepList.filter((step) => /^\/form\/(1[6-9]|2[0-4])\//.test(step.route));
const signature = specStepList.find((step) => step.route === '/form/25/signature')!;

async function drawSignature(page: Page): Promise<void> {
  const canvas = page.getByRole('img', { name: 'Signature drawing area' });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature pad has no box');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 24; i += 1) {
    await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 24), box.y + box.height / 2 + Math.sin(i / 2) * (box.height / 3), { steps: 2 });
  }
  await page.mouse.up();
}

/** Counts the non-transparent pixels of an image as the browser decoded it. */
async function inkedPixels(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => {
    const image = element as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) return 0;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) inked += 1;
    return inked;
  });
}

test.describe('signing and the notices, on the built app', () => {
  test('draw a signature with the mouse and Save; it survives resizing and leaving the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(confirmation.route);
    await expectPage(page, confirmation.route, confirmation.heading);
    await expectNoViolations(page);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Draw your signature in the box before pressing Save')).toBeVisible();

    await drawSignature(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = page.getByRole('img', { name: 'Your saved signature' });
    await expect(saved).toBeVisible();
    await expect(saved).toHaveAttribute('src', /^data:image\/png;base64,/);
    expect(await inkedPixels(page, '.signature-saved__image')).toBeGreaterThan(100);
    await expectNoViolations(page);

    for (const size of [{ width: 844, height: 390 }, { width: 1280, height: 800 }, { width: 360, height: 740 }]) {
      await page.setViewportSize(size);
      await expect(saved).toBeVisible();
    }
    expect(await inkedPixels(page, '.signature-saved__image')).toBeGreaterThan(100);

    await page.getByRole('button', { name: 'Back' }).click();
    await expectPage(page, '/form/14/criminal', 'Criminal Record');
    await page.getByRole('button', { name: 'Next' }).click();
    await expectPage(page, confirmation.route, confirmation.heading);
    await expect(page.getByRole('img', { name: 'Your saved signature' })).toBeVisible();
  });

  test('type a name instead of drawing, and clear it', async ({ page }) => {
    await page.goto(confirmation.route);
    await expectPage(page, confirmation.route, confirmation.heading);
    await page.getByRole('textbox', { name: 'Or type your full legal name to sign' }).fill('Maria Elena Alvarez');
    await page.getByRole('button', { name: 'Sign with my typed name' }).click();
    await expect(page.getByLabel('Typed signature: Maria Elena Alvarez')).toBeVisible();
    await expect(page.locator('.signature-saved__status')).toContainText('(typed name)');
    await page.getByRole('button', { name: 'Clear signature and sign again' }).click();
    await expect(page.getByRole('img', { name: 'Signature drawing area' })).toBeVisible();
  });

  test('tick every acknowledgement; the Signature step lists exactly the incomplete steps, each a link; axe on all eleven pages', async ({ page }) => {
    await page.goto(confirmation.route);
    await expectPage(page, confirmation.route, confirmation.heading);
    await page.getByRole('textbox', { name: 'Or type your full legal name to sign' }).fill('Maria Alvarez');
    await page.getByRole('button', { name: 'Sign with my typed name' }).click();

    for (const notice of notices) {
      await page.getByRole('button', { name: 'Next' }).click();
      await expectPage(page, notice.route, notice.heading);
      await expect(page).toHaveTitle(new RegExp(`^${notice.heading.replace(/[()]/g, '\\$&')} – `));
      const checkbox = page.getByRole('checkbox', { name: `I have read and acknowledge the ${notice.heading}` });
      await checkbox.check();
      await expect(checkbox).toBeChecked();
      await expect(page.getByRole('main').getByText(/^Acknowledged on /).filter({ visible: true })).toBeVisible();
      await expectNoViolations(page);
    }

    await page.getByRole('button', { name: 'Next' }).click();
    await expectPage(page, signature.route, signature.heading);
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Submit application' }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toBeFocused();
    // Every data step but Employment/Contract History, which asks for nothing of its own (its table gathers the others).
    const dataSteps = specStepList
      .slice(2, 16)
      .map((step) => step.heading)
      .filter((heading) => heading !== 'Employment/Contract History');
    await expect(summary.getByRole('link')).toHaveText(dataSteps);
    await expect(page).toHaveURL(/\/form\/25\/signature$/);
    await expectNoViolations(page);

    await summary.getByRole('link', { name: 'License Details' }).click();
    await expectPage(page, '/form/4/license', 'License Details');
    await expect(h1(page)).toBeFocused();
    await page.goBack();
    await expectPage(page, signature.route, signature.heading);
    for (const notice of notices) {
      await expect(page.getByRole('listitem').filter({ has: page.getByRole('link', { name: notice.heading, exact: true }) })).toContainText('Complete');
    }
  });
});
