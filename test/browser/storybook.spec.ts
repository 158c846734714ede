import { expect, test, type Page } from '@playwright/test';
import { storybookURL } from './ports.ts';
import { expectNoViolations } from './support.ts';

/**
 * The static Storybook (`npm run build-storybook`, served from storybook-static/ by
 * scripts/serve-storybook.ts): stories render in the built iframe, and a component's docs page shows its props.
 */

/**
 * A story or docs page in Storybook's preview frame, with the a11y addon's own run after render
 * turned off (`a11y.manual`): these tests run axe themselves, and two runs at once make axe throw.
 */
function storyURL(id: string, viewMode: 'story' | 'docs' = 'story'): string {
  return `${storybookURL}/iframe.html?id=${id}&viewMode=${viewMode}&globals=a11y.manual:!true`;
}

/** Fails the test on any uncaught error in the page (a story that throws while rendering or playing). */
function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

test('a data step story renders the application from its machine snapshot', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto(storyURL('steps-data-steps--personal-filled'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personal Information');
  await expect(page.getByRole('progressbar', { name: 'Completion Progress' })).toBeVisible();
  // Filled from the sample answers (test/support/sample-answers.ts), with the reveals they open.
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Maria');
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Alvarez');
  await expect(page.locator('main .reveal:not([hidden])').first()).toBeVisible();
  await expect(page.locator('main [aria-invalid="true"]')).toHaveCount(0);
  await expectNoViolations(page);
  expect(errors).toEqual([]);
});

test('a form component story shows its state: the yes/no question left unanswered', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto(storyURL('components-yes-no-question--error'));
  const question = page.locator('fieldset.yes-no');
  await expect(question).toBeVisible();
  await expect(question).toHaveAccessibleDescription(/^Error: \S/);
  await expect(question.getByRole('radio')).toHaveCount(2);
  await expectNoViolations(page);
  expect(errors).toEqual([]);
});

test('the docs page of Field shows its description, its props and a story per state', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto(storyURL('components-field--docs', 'docs'));
  const docs = page.locator('#storybook-docs');
  await expect(docs.getByRole('heading', { level: 1, name: 'Field' })).toBeVisible();
  await expect(docs.getByText('One labelled control with its hint and error', { exact: false }).first()).toBeVisible();
  // The props table comes from react-docgen: the props and their descriptions.
  const props = docs.locator('table.docblock-argstable');
  for (const prop of ['label', 'hint', 'error', 'required', 'disabled']) {
    await expect(props.getByText(prop, { exact: true }).first()).toBeVisible();
  }
  await expect(props.getByText('The control cannot be used', { exact: false })).toBeVisible();
  // The stories render inline: Error's control is invalid, Disabled's is disabled.
  for (const state of ['Empty', 'Filled', 'Error', 'Disabled', 'Required']) {
    await expect(docs.getByRole('heading', { level: 3, name: new RegExp(` ${state}$`) })).toBeVisible();
  }
  await expect(docs.locator('input[aria-invalid="true"]')).toHaveCount(1);
  await expect(docs.locator('input:disabled')).toHaveCount(1);
  expect(errors).toEqual([]);
});
