import { expect, type Locator, type Page } from '@playwright/test';
import { isAnswerField, type AnswerField, type ListNode } from '../../machines/form/field-types.ts';
import { emergencyForm } from '../../machines/form/steps/emergency.ts';
import { specStepList } from '../support/spec-route-table.ts';
import { sampleValue } from '../support/sample-answers.ts';
import { dataSteps, fillStep, InputMethods, type DataStep } from './data-steps-support.ts';
import { expectPage } from './support.ts';

/**
 * Helpers of the draft tests (decisions 22 and 23): what the browser's storage holds, the state of
 * a form as the page shows it, and a complete application filled through the screens.
 *
 * The storage keys are written out here, not imported from the app: they are what the brief names,
 * and a renamed key must fail these tests rather than follow along.
 */

export const draftKey = 'driver-application:draft';
export const revisionKey = 'driver-application:revision';
export const ssnKey = 'driver-application:ssn';

/** The SSN the sample answers give, and the same digits without dashes. */
export const sampleSsn = '123-45-6789';
export const sampleSsnDigits = '123456789';

/** The data step shown at `route`. */
export function dataStep(route: string): DataStep {
  const step = dataSteps.find((candidate) => candidate.route === route);
  if (!step) throw new Error(`No data step at ${route}`);
  return step;
}

export interface StorageContents {
  readonly local: Record<string, string>;
  readonly session: Record<string, string>;
}

/** Every key and value of the page's localStorage and sessionStorage. */
export async function readStorage(page: Page): Promise<StorageContents> {
  return page.evaluate(() => {
    const all = (storage: Storage) => {
      const entries: Record<string, string> = {};
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index);
        if (key !== null) entries[key] = storage.getItem(key) ?? '';
      }
      return entries;
    };
    return { local: all(localStorage), session: all(sessionStorage) };
  });
}

/** Every key and value of a storage, as one text to search in. */
export function storageText(entries: Record<string, string>): string {
  return Object.entries(entries)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

/** The stored draft, parsed (fails the test when there is none or it is not JSON). */
export function parsedDraft(contents: StorageContents): { version: unknown; savedAt: unknown; revision: unknown; snapshot: { value: unknown; context: Record<string, unknown> } } {
  const text = contents.local[draftKey];
  expect(text, `localStorage holds ${draftKey}`).toBeDefined();
  return JSON.parse(text ?? 'null') as ReturnType<typeof parsedDraft>;
}

/** Collects the page's uncaught errors, so a test can say the app did not crash. */
export function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

export interface ControlState {
  readonly name: string;
  readonly type: string;
  readonly value: string;
  readonly checked: boolean;
  readonly visible: boolean;
}

/**
 * Every input, select and textarea of the step's form as the page shows it: name, type, value, checked,
 * and whether it is shown (a closed reveal hides its fields). Two pages showing the same answers give
 * the same list.
 */
export async function formControls(page: Page): Promise<ControlState[]> {
  const form = page.getByRole('main').locator('form:visible');
  await expect(form).toBeVisible();
  return form.locator('input, select, textarea').evaluateAll((elements) =>
    elements.map((element) => {
      const control = element as HTMLInputElement;
      return {
        name: control.name,
        type: control.type,
        value: control.value,
        checked: control.type === 'radio' || control.type === 'checkbox' ? control.checked : false,
        visible: control.checkVisibility(),
      };
    }),
  );
}

/** How many answers the controls show: text typed, an option chosen, a box or radio ticked. */
export function answeredCount(controls: readonly ControlState[]): number {
  return controls.filter((control) => (control.type === 'radio' || control.type === 'checkbox' ? control.checked : control.value !== '')).length;
}

// ---------------------------------------------------------------------------------------------
// Personal Information fields used by hand

export function ssnInput(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Social Security Number (SSN) or Social Insurance Number (SIN)', exact: true });
}

export function textbox(page: Page | Locator, name: string): Locator {
  return page.getByRole('textbox', { name, exact: true });
}

// ---------------------------------------------------------------------------------------------
// Emergency contacts: the two pre-listed contacts filled by `fillStep`, and a third one added

const emergencyList = emergencyForm.fields.find((node): node is ListNode => node.kind === 'list');
if (!emergencyList) throw new Error('The Emergency Contacts step declares no list');
const emergencyFields = emergencyList.fields.filter(isAnswerField);

function emergencyRegion(page: Page): Locator {
  return page.getByRole('region', { name: emergencyList!.label, exact: true });
}

export function emergencyEntries(page: Page): Locator {
  return emergencyRegion(page).getByRole('group', { name: /^Emergency contact \d+$/ });
}

function emergencyEntry(page: Page, index: number): Locator {
  return emergencyRegion(page).getByRole('group', { name: `Emergency contact ${index + 1}`, exact: true });
}

/** The third contact, added with "Add another emergency contact". */
export const thirdContact = { name: 'Rosa Delgado', relationship: 'Cousin', phone: '(540) 555-0199' } as const;

export async function addThirdContact(page: Page): Promise<void> {
  await expect(emergencyEntries(page)).toHaveCount(2);
  await emergencyRegion(page).getByRole('button', { name: 'Add another emergency contact', exact: true }).click();
  await expect(emergencyEntries(page)).toHaveCount(3);
  const entry = emergencyEntry(page, 2);
  await textbox(entry, 'Name').fill(thirdContact.name);
  await entry.getByRole('combobox', { name: 'Relationship', exact: true }).selectOption(thirdContact.relationship);
  await textbox(entry, 'Phone number').fill(thirdContact.phone);
  await textbox(entry, 'Phone number').blur();
}

function fieldControl(scope: Locator, field: AnswerField): Locator {
  return field.kind === 'select' || field.kind === 'region'
    ? scope.getByRole('combobox', { name: field.label, exact: true })
    : scope.getByRole('textbox', { name: field.label, exact: true });
}

/** Three contacts: the two pre-listed ones with the sample answers `fillStep` gave, and the added one. */
export async function checkEmergencyContacts(page: Page): Promise<void> {
  await expect(emergencyEntries(page), 'three emergency contacts').toHaveCount(3);
  for (const index of [0, 1]) {
    const entry = emergencyEntry(page, index);
    for (const field of emergencyFields) {
      await expect(fieldControl(entry, field), `contact ${index + 1}: ${field.label}`).toHaveValue(String(sampleValue(field, index)));
    }
  }
  const third = emergencyEntry(page, 2);
  await expect(textbox(third, 'Name')).toHaveValue(thirdContact.name);
  await expect(third.getByRole('combobox', { name: 'Relationship', exact: true })).toHaveValue(thirdContact.relationship);
  await expect(textbox(third, 'Phone number')).toHaveValue(thirdContact.phone);
  await expect(textbox(third, 'Address')).toHaveValue('');
}

// ---------------------------------------------------------------------------------------------
// A whole application

const notices = specStepList.filter((step) => /^\/form\/(1[6-9]|2[0-4])\//.test(step.route));
export const firstNotice = notices[0]!;
export const typedSignature = 'Maria Elena Alvarez';

export function noticeCheckbox(page: Page, heading: string): Locator {
  return page.getByRole('checkbox', { name: `I have read and acknowledge the ${heading}` });
}

export const saveMyDataLabel = 'Save my answers on this device for a future application';

/**
 * Fills every data step through its screens, optionally ticks "Save my answers on this device",
 * signs with the typed name, acknowledges the nine notices, submits, and waits for the
 * "Application submitted" dialog (as `test/browser/submission.spec.ts` does).
 */
export async function submitApplicationInBrowser(page: Page, { saveMyData }: { saveMyData: boolean }): Promise<void> {
  const methods = new InputMethods();
  await page.goto('/form/2/personal');
  for (const step of dataSteps) {
    await expectPage(page, step.route, step.heading);
    await fillStep(page, step, methods);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await expectPage(page, '/form/15/confirmation', 'Confirmation');
  const saveMyDataBox = page.getByRole('checkbox', { name: saveMyDataLabel, exact: true });
  if (saveMyData) await saveMyDataBox.check();
  await expect(saveMyDataBox).toBeChecked({ checked: saveMyData });
  await page.getByRole('textbox', { name: 'Or type your full legal name to sign' }).fill(typedSignature);
  await page.getByRole('button', { name: 'Sign with my typed name' }).click();
  await expect(page.getByLabel(`Typed signature: ${typedSignature}`)).toBeVisible();
  for (const notice of notices) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expectPage(page, notice.route, notice.heading);
    await noticeCheckbox(page, notice.heading).check();
  }
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expectPage(page, '/form/25/signature', 'Signature');
  await expect(page.getByText('Every step is complete.')).toBeVisible();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('dialog', { name: 'Application submitted' })).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

/** Sample answers of a complete application that must not outlive it without "save my data". */
export const applicantStrings = ['Maria', 'Alvarez', 'maria.alvarez@example.com', 'Acme Freight', 'Roadmaster Driving School', sampleSsn, sampleSsnDigits];
