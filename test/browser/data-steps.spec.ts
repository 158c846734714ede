import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectPage, formRoutes } from './support.ts';
import {
  InputMethods,
  backgroundRgb,
  checkStep,
  closeHistoryForm,
  dataSteps,
  expectFullyRevealed,
  expectNoAxeViolations,
  fillStep,
  isRedish,
  openHistoryForm,
  sampleAnswerCount,
  yesNoOption,
  type ControlKind,
} from './data-steps-support.ts';

/**
 * The fourteen data steps (Personal Information to Criminal Record), driven from their declarations
 * by `data-steps-support.ts`. Answers live in memory only, so the filled application is built and
 * checked in one page, without a reload.
 */

const personal = dataSteps[0]!;
const lastDataStep = dataSteps[dataSteps.length - 1]!;
const afterLastDataStep = formRoutes[formRoutes.findIndex((step) => step.route === lastDataStep.route) + 1]!;

async function next(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

async function back(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Back', exact: true }).click();
}

test.describe('every data step filled in one session', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }, testInfo) => {
    // One page shared by the tests below (axe needs a page of a context made with newContext).
    context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport ?? null });
    page = await context.newPage();
  });

  test.afterAll(async () => {
    await context.close();
  });

  test('every field of every data step can be filled by keyboard and by pointer', async () => {
    expect(dataSteps.map((step) => step.route)).toEqual(formRoutes.slice(1, 15).map((step) => step.route));
    expect(dataSteps).toHaveLength(14);

    const methods = new InputMethods();
    await page.goto(personal.route);
    for (const step of dataSteps) {
      await test.step(step.route, async () => {
        await expectPage(page, step.route, step.heading);
        const answered = await fillStep(page, step, methods);
        expect(answered, `${step.route}: every declared field answered`).toBe(sampleAnswerCount(step));
        await next(page);
      });
    }
    await expectPage(page, afterLastDataStep.route, afterLastDataStep.heading);

    // Both input methods were used for every kind of control.
    const usage = methods.usage();
    const kinds: ControlKind[] = ['text', 'date', 'select', 'yesNo', 'radio', 'checkbox', 'addEntry'];
    for (const kind of kinds) {
      expect(usage[kind]?.keyboard, `${kind} controls used by keyboard`).toBeGreaterThan(0);
      expect(usage[kind]?.pointer, `${kind} controls used by pointer`).toBeGreaterThan(0);
    }
    test.info().annotations.push({ type: 'input methods', description: JSON.stringify(usage) });
  });

  test('every answer survives Back to Personal Information and Next again', async () => {
    await back(page);
    for (const step of [...dataSteps].reverse()) {
      await test.step(`Back: ${step.route}`, async () => {
        await expectPage(page, step.route, step.heading);
        await checkStep(page, step);
        if (step !== personal) await back(page);
      });
    }
    for (const step of dataSteps) {
      await test.step(`Next: ${step.route}`, async () => {
        await expectPage(page, step.route, step.heading);
        await checkStep(page, step);
        if (step !== lastDataStep) await next(page);
      });
    }
  });

  test('axe finds no WCAG A/AA violations on any data step, fully revealed', async () => {
    await expectPage(page, lastDataStep.route, lastDataStep.heading);
    for (const step of [...dataSteps].reverse()) {
      await test.step(`axe: ${step.route}`, async () => {
        await expectPage(page, step.route, step.heading);
        await expectFullyRevealed(page, step);
        await expectNoAxeViolations(page, step.route);
        if (step.form.step === 'employment') {
          await openHistoryForm(page);
          await expectNoAxeViolations(page, `${step.route} with the Add History Item form open`);
          await closeHistoryForm(page);
          await checkStep(page, step);
        }
        if (step !== personal) await back(page);
      });
    }
  });
});

test.describe('errors', () => {
  test('leaving Last name empty shows "Enter last name", linked to the input; Next still moves on', async ({ page }) => {
    await page.goto(personal.route);
    await expectPage(page, personal.route, personal.heading);

    const lastName = page.getByRole('textbox', { name: 'Last name', exact: true });
    const error = page.locator('.field__error').filter({ hasText: 'Enter last name' });
    await expect(lastName).toBeVisible();
    await expect(error).toHaveCount(0);
    await expect(lastName).not.toHaveAttribute('aria-invalid');

    await lastName.focus();
    await page.keyboard.press('Tab');
    await expect(lastName).not.toBeFocused();

    await expect(error).toBeVisible();
    await expect(error).toHaveText('Error: Enter last name');
    const errorId = await error.getAttribute('id');
    expect(errorId).toBeTruthy();
    await expect(lastName).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await lastName.getAttribute('aria-describedby'))?.split(/\s+/) ?? [];
    expect(describedBy).toContain(errorId);
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText('Error: Enter last name');
    await expect(lastName).toHaveAccessibleDescription(/Enter last name/);

    await next(page);
    const general = dataSteps[1]!;
    await expectPage(page, general.route, general.heading);
  });
});

test.describe('yes/no', () => {
  test('an answered Yes shows in red; No does not', async ({ page }) => {
    await page.goto(personal.route);
    await expectPage(page, personal.route, personal.heading);
    const question = page.getByRole('group', { name: 'Have you lived at this address for 3 years or more?', exact: true });
    const yes = question.getByText('Yes', { exact: true });
    const no = question.getByText('No', { exact: true });
    await expect(yes).toBeVisible();
    await expect(no).toBeVisible();
    expect(isRedish(await backgroundRgb(yes)), 'unanswered Yes is not red').toBe(false);

    await question.locator('label').filter({ hasText: /^Yes$/ }).click();
    await expect(yesNoOption(question, 'Yes')).toBeChecked();
    await expect.poll(async () => isRedish(await backgroundRgb(yes)), { message: 'the checked Yes is red' }).toBe(true);
    expect(isRedish(await backgroundRgb(no)), 'the unchecked No is not red').toBe(false);

    // By keyboard: the arrow key moves the answer to No, which is not red, and Yes is no longer red.
    await yesNoOption(question, 'Yes').focus();
    await page.keyboard.press('ArrowRight');
    await expect(yesNoOption(question, 'No')).toBeChecked();
    await expect.poll(async () => isRedish(await backgroundRgb(yes)), { message: 'Yes is no longer red' }).toBe(false);
    expect(isRedish(await backgroundRgb(no)), 'the checked No is not red').toBe(false);

    // And back to Yes with the other arrow key.
    await page.keyboard.press('ArrowLeft');
    await expect(yesNoOption(question, 'Yes')).toBeChecked();
    await expect.poll(async () => isRedish(await backgroundRgb(yes))).toBe(true);
  });
});

test('a checked answer keeps its plain name: the tick is decoration', async ({ page }) => {
  await page.goto('/form/3/general');
  const question = page.getByRole('group', { name: 'Do you have a TWIC card?', exact: true });
  await question.locator('label.yes-no__option--yes').click();
  await expect(question.getByRole('radio', { name: 'Yes', exact: true })).toBeChecked();
  const tick = await question.locator('.yes-no__option--yes .yes-no__label').evaluate((label) => getComputedStyle(label, '::before').content);
  expect(tick).toContain('✓');
});
