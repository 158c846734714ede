import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { isRevealed } from '../../machines/form/answers.ts';
import {
  isAnswerField,
  revealsOf,
  type AnswerField,
  type AnswerValue,
  type CheckboxField,
  type ChoiceField,
  type FieldNode,
  type ListNode,
  type StepForm,
  type YesNoField,
} from '../../machines/form/field-types.ts';
import { formatMonth } from '../../machines/form/history-coverage.ts';
import { getOptions } from '../../machines/form/option-lists.ts';
import { stepForms } from '../../machines/form/step-forms.ts';
import { historyItemFields, historyItemsList } from '../../machines/form/steps/employment.ts';
import { getStep } from '../../machines/steps.ts';
import { fillSteps, sampleValue } from '../support/sample-answers.ts';

/**
 * A driver that fills and checks the data steps in the browser from their declarations
 * (`machines/form/steps/*.ts`), with the app's own reveal rule (`isRevealed`) and the shared sample
 * answers (`sampleValue`), so that "every field" means every declared field.
 *
 * Locators follow what a person sees: the step's form, a group's legend, a list's region, an entry's
 * legend ("Employer 1"), and a reveal found through the `aria-controls` of the answer that opens it.
 * Labels repeat across entries and reveals, so every field is looked up in the narrowest of these.
 */

/** Entries given to every list (the first appears by itself; "Add another …" is pressed for the rest). */
export const entriesPerList = 2;

/** The fourteen data steps in order, with the route and heading of each. */
export const dataSteps = stepForms.map((form) => {
  const { route, heading } = getStep(form.step);
  return { form: form as StepForm, route, heading };
});

export type DataStep = (typeof dataSteps)[number];

/** Index of the history item in the sample answers (as `fillSteps` in `test/support/sample-answers.ts`). */
const historyItemIndex = 1;

// ---------------------------------------------------------------------------------------------
// Input methods: keyboard and pointer, alternated per kind of control so every kind gets both.

export type InputMethod = 'keyboard' | 'pointer';
export type ControlKind = 'text' | 'date' | 'select' | 'yesNo' | 'radio' | 'checkbox' | 'addEntry';

export class InputMethods {
  private readonly counts = new Map<ControlKind, Record<InputMethod, number>>();

  /**
   * `keyboardOnly`: every control by keyboard, reached with Tab and Shift+Tab (and arrow keys within a
   * radio group) from wherever focus is, as a person without a pointer does; nothing is focused by script.
   */
  constructor(readonly keyboardOnly = false) {}

  /** The method for the next control of this kind: keyboard, pointer, keyboard, … (always keyboard when keyboard only). */
  next(kind: ControlKind): InputMethod {
    const counts = this.counts.get(kind) ?? { keyboard: 0, pointer: 0 };
    const method: InputMethod = this.keyboardOnly || (counts.keyboard + counts.pointer) % 2 === 0 ? 'keyboard' : 'pointer';
    counts[method] += 1;
    this.counts.set(kind, counts);
    return method;
  }

  /** How often each method was used, per kind of control. */
  usage(): Partial<Record<ControlKind, Record<InputMethod, number>>> {
    return Object.fromEntries([...this.counts.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }
}

// ---------------------------------------------------------------------------------------------
// Locators

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The form of the current data step. */
export function stepFormRoot(page: Page): Locator {
  return page.getByRole('main').locator('form:visible');
}

function optionLabel(field: ChoiceField, value: string): string {
  const option = getOptions(field.options).find((candidate) => candidate.value === value);
  if (!option) throw new Error(`${field.name}: no option with value ${value}`);
  return option.label;
}

function yesNoLabel(value: string): 'Yes' | 'No' {
  if (value !== 'yes' && value !== 'no') throw new Error(`A yes/no answer is 'yes' or 'no', not ${value}`);
  return value === 'yes' ? 'Yes' : 'No';
}

/** The fieldset of a yes/no, radios or checkboxes question, by its legend. */
function questionGroup(scope: Locator, field: AnswerField): Locator {
  return scope.getByRole('group', { name: field.label, exact: true });
}

/** The text input, textarea, date or month input of a field, by its label. */
function textControl(scope: Locator, field: AnswerField): Locator {
  return scope.getByRole('textbox', { name: field.label, exact: true });
}

/** The select of a select field, or of a region field (a choice of states: the samples' country is the United States). */
function selectControl(scope: Locator, field: AnswerField): Locator {
  return scope.getByRole('combobox', { name: field.label, exact: true });
}

/** A yes/no radio by its accessible name, exactly "Yes" or "No" (the tick on the checked one is hidden from it). */
export function yesNoOption(question: Locator, label: 'Yes' | 'No'): Locator {
  return question.getByRole('radio', { name: label, exact: true });
}

function yesNoRadio(scope: Locator, field: YesNoField, value: string): Locator {
  return yesNoOption(questionGroup(scope, field), yesNoLabel(value));
}

function choiceControl(scope: Locator, field: ChoiceField, value: string): Locator {
  const role = field.kind === 'checkboxes' ? 'checkbox' : 'radio';
  return questionGroup(scope, field).getByRole(role, { name: optionLabel(field, value), exact: true });
}

/** A single checkbox answering one question ('yes' when ticked), by its label. */
function singleCheckbox(scope: Locator, field: CheckboxField): Locator {
  return scope.getByRole('checkbox', { name: field.label, exact: true });
}

function selectOptions(field: AnswerField): readonly { value: string; label: string }[] {
  if (field.kind === 'region') return getOptions('states');
  if (field.kind === 'select') return getOptions(field.options);
  throw new Error(`${field.name} is not a select`);
}

/** The container of a field's reveals: the element the opening answer's control names in `aria-controls`. */
async function revealContainer(scope: Locator, field: AnswerField, when: string): Promise<Locator> {
  let opener: Locator;
  if (field.kind === 'yesNo') opener = yesNoRadio(scope, field, when);
  else if (field.kind === 'radios' || field.kind === 'checkboxes') opener = choiceControl(scope, field, when);
  else if (field.kind === 'checkbox') opener = singleCheckbox(scope, field);
  else throw new Error(`${field.name}: this driver finds reveals through aria-controls, which a ${field.kind} does not carry`);
  await expect(opener, `${field.name}: the answer that opens the reveal names it in aria-controls`).toHaveAttribute('aria-controls', /.+/);
  const id = (await opener.getAttribute('aria-controls')) ?? '';
  return scope.page().locator(`[id="${id}"]`);
}

function listRegion(scope: Locator, list: ListNode): Locator {
  return scope.getByRole('region', { name: list.label, exact: true });
}

/** Every entry fieldset of a list ("Employer 1", "Employer 2", …). */
function listEntries(region: Locator, list: ListNode): Locator {
  return region.getByRole('group', { name: new RegExp(`^${escapeRegExp(list.itemLabel)} \\d+$`) });
}

function listEntry(region: Locator, list: ListNode, index: number): Locator {
  return region.getByRole('group', { name: `${list.itemLabel} ${index + 1}`, exact: true });
}

// ---------------------------------------------------------------------------------------------
// Walking a declaration

/** What the walk does at each answer field and each list; the walk itself decides what is shown. */
interface Visitor {
  answer(scope: Locator, field: AnswerField, value: AnswerValue): Promise<void>;
  entries(region: Locator, list: ListNode): Promise<void>;
}

/**
 * Walks `nodes` in screen order, giving each answer field `sampleValue(field, index)`, and enters a
 * reveal only when the app's own rule (`isRevealed`) says that answer opens it.
 */
async function walk(nodes: readonly FieldNode[], scope: Locator, index: number, visitor: Visitor): Promise<void> {
  for (const node of nodes) {
    if (node.kind === 'content') {
      for (const paragraph of node.paragraphs) await expect(scope.getByText(paragraph, { exact: true })).toBeVisible();
      continue;
    }
    if (node.kind === 'group') {
      const group = scope.getByRole('group', { name: node.legend, exact: true });
      await expect(group).toBeVisible();
      await walk(node.fields, group, index, visitor);
      continue;
    }
    if (node.kind === 'list') {
      const region = listRegion(scope, node);
      await expect(region).toBeVisible();
      await visitor.entries(region, node);
      for (let entry = 0; entry < entriesPerList; entry += 1) {
        await walk(node.fields, listEntry(region, node, entry), entry, visitor);
      }
      continue;
    }
    if (!isAnswerField(node)) continue;
    const value = sampleValue(node, index);
    await visitor.answer(scope, node, value);
    const reveals = revealsOf(node);
    if (reveals.length === 0) continue;
    const open = reveals.filter((reveal) => isRevealed(reveal.when, value));
    const container = await revealContainer(scope, node, (open[0] ?? reveals[0]!).when);
    if (open.length === 0) {
      await expect(container, `${node.name}: the reveal stays closed`).toBeHidden();
      continue;
    }
    await expect(container, `${node.name}=${String(value)} opens its reveal`).toBeVisible();
    for (const reveal of open) await walk(reveal.fields, container, index, visitor);
  }
}

// ---------------------------------------------------------------------------------------------
// Reaching a control by keyboard

const keyboardOnlyPages = new WeakSet<Page>();

/** From now on the driver reaches every control of `page` with Tab, Shift+Tab and arrow keys only. */
export function useKeyboardOnly(page: Page): void {
  keyboardOnlyPages.add(page);
}

/** Where focus is relative to `target`: on it, in the same radio group, before or after it in the document. */
async function focusRelation(target: Locator): Promise<'on' | 'group' | 'before' | 'after'> {
  return target.evaluate((element) => {
    const active = document.activeElement;
    if (active === element) return 'on';
    if (
      active instanceof HTMLInputElement && element instanceof HTMLInputElement &&
      active.type === 'radio' && element.type === 'radio' && active.name === element.name && active.form === element.form
    ) {
      return 'group';
    }
    if (!active || active === document.body) return 'before';
    return active.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING ? 'before' : 'after';
  });
}

/**
 * Whether the focused element shows the focus indicator: the focus colour's outline on the element or
 * on what draws it (the label of a radio or checkbox whose own box is hidden). Runs in the browser.
 */
function showsFocusIndicator(element: Element): boolean {
  if (document.activeElement !== element) return false;
  const focusColour = getComputedStyle(document.documentElement).getPropertyValue('--color-focus').trim();
  const probe = document.createElement('span');
  probe.style.color = focusColour;
  document.body.append(probe);
  const focusRgb = getComputedStyle(probe).color;
  probe.remove();
  const drawnOn = [element, element.nextElementSibling, element.closest('label')].filter((candidate) => candidate !== null);
  return drawnOn.some((candidate) => {
    const style = getComputedStyle(candidate);
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && style.outlineColor === focusRgb;
  });
}

/** The key that last moved focus (null: unknown, e.g. a button pressed moved it). */
export type Arrival = 'Tab' | 'Shift+Tab' | 'ArrowDown' | null;

const lastFocusMove = new WeakMap<Page, Arrival>();

/** Presses a key that moves focus between controls, and remembers it. */
async function moveFocus(page: Page, key: NonNullable<Arrival>): Promise<void> {
  await page.keyboard.press(key);
  lastFocusMove.set(page, key);
}

/**
 * Moves focus to `target` by keyboard: Tab forward or Shift+Tab back until it is focused; in a radio
 * group, the arrow keys move to the option (selecting it, as they do). Fails if it cannot be reached.
 * The focused control is on screen and shows the focus indicator. Returns the key that brought focus
 * there (the last one, if focus was there already).
 */
export async function tabTo(page: Page, target: Locator, maxPresses = 400): Promise<Arrival> {
  let arrival: Arrival = lastFocusMove.get(page) ?? null;
  for (let presses = 0; presses < maxPresses; presses += 1) {
    const relation = await focusRelation(target);
    if (relation === 'on') {
      await expect(target).toBeInViewport();
      expect(await target.evaluate(showsFocusIndicator), `${target.toString()} shows where focus is`).toBe(true);
      return arrival;
    }
    if (relation === 'group') arrival = 'ArrowDown';
    else arrival = relation === 'before' ? 'Tab' : 'Shift+Tab';
    await moveFocus(page, arrival);
  }
  throw new Error(`Could not reach ${target.toString()} by keyboard in ${maxPresses} key presses`);
}

/** Focuses `control`: by Tab when the page is driven by keyboard only, else directly. */
async function focusControl(page: Page, control: Locator): Promise<void> {
  if (keyboardOnlyPages.has(page)) await tabTo(page, control);
  else await control.focus();
}

/** Presses a button or link by keyboard (Enter), or clicks it. */
export async function press(page: Page, control: Locator, method: InputMethod = 'pointer'): Promise<void> {
  if (keyboardOnlyPages.has(page) || method === 'keyboard') {
    await focusControl(page, control);
    await page.keyboard.press('Enter');
    lastFocusMove.set(page, null);
  } else {
    await control.click();
  }
}

/**
 * Types a date as a person does in Chromium's date and month fields, which are made of parts, each a
 * stop of Tab: month, day (a date's), year, then the calendar button. Reached with Tab, focus is on
 * the month; reached with Shift+Tab, on the calendar button, where typing does nothing: one more
 * Shift+Tab goes to the year, and the left arrow back to the month. Then a date's month, day and year
 * digits (each complete part moves on by itself); a month's month, then the right arrow to its year
 * (its month part takes a name, so two digits do not move on).
 */
async function typeDate(page: Page, control: Locator, value: string, arrival: Arrival): Promise<void> {
  const [year = '', month = '', day] = value.split('-');
  const partsBeforeYear = day === undefined ? 1 : 2;
  if (arrival === 'Shift+Tab') {
    await moveFocus(page, 'Shift+Tab');
    await expect(control, 'Shift+Tab from the calendar button stays in the field').toBeFocused();
    for (let part = 0; part < partsBeforeYear; part += 1) await page.keyboard.press('ArrowLeft');
  } else if (arrival !== 'Tab') {
    throw new Error(`${control.toString()}: reached by ${arrival ?? 'no key'}, so which part has focus is unknown`);
  }
  if (day !== undefined) {
    await page.keyboard.type(`${month}${day}${year}`);
    return;
  }
  await page.keyboard.type(month);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type(year);
}

// ---------------------------------------------------------------------------------------------
// Filling

/*
 * Keyboard entry types and then presses Tab, as a person does. Tab often lands on the first option
 * of the next radio or yes/no group; a click on another option of that group must still count
 * (moving between a group's own options is not leaving the question, so no error jumps in).
 */
async function typeText(page: Page, control: Locator, value: string, method: InputMethod): Promise<void> {
  if (method === 'keyboard') {
    await focusControl(page, control);
    await page.keyboard.type(value);
    await moveFocus(page, 'Tab');
  } else {
    await control.click();
    await control.fill(value);
  }
}

/** Dates: focus (keyboard) or click (pointer), then `fill`, which Chromium accepts on type=date and type=month. */
async function enterDate(page: Page, control: Locator, value: string, method: InputMethod): Promise<void> {
  if (keyboardOnlyPages.has(page)) {
    await typeDate(page, control, value, await tabTo(page, control));
    await expect(control).toHaveValue(value);
  } else if (method === 'keyboard') {
    await control.focus();
    await control.fill(value);
  } else {
    await control.click();
    await control.fill(value);
  }
}

/** Keyboard: ArrowDown on the closed select from "Select an option" to the option; pointer: `selectOption`. */
async function chooseOption(page: Page, control: Locator, field: AnswerField, value: string, method: InputMethod): Promise<void> {
  const options = selectOptions(field);
  const position = options.findIndex((option) => option.value === value);
  if (position < 0) throw new Error(`${field.name}: no option with value ${value}`);
  if (method === 'keyboard') {
    await expect(control, `${field.name} starts at "Select an option"`).toHaveValue('');
    await focusControl(page, control);
    for (let step = 0; step <= position; step += 1) await page.keyboard.press('ArrowDown');
  } else {
    await control.selectOption(value);
  }
}

/** Keyboard: focus Yes, then Space (Yes) or ArrowRight (to No); pointer: click the visible label. */
async function answerYesNo(page: Page, scope: Locator, field: YesNoField, value: string, method: InputMethod): Promise<void> {
  if (method === 'keyboard') {
    await focusControl(page, yesNoRadio(scope, field, 'yes'));
    await page.keyboard.press(value === 'yes' ? 'Space' : 'ArrowRight');
  } else {
    await questionGroup(scope, field)
      .locator('label')
      .filter({ hasText: new RegExp(`^${yesNoLabel(value)}$`) })
      .click();
  }
}

/** Keyboard: focus the radio or checkbox and press Space; pointer: click the option's text. */
async function toggleChoice(page: Page, scope: Locator, field: ChoiceField, value: string, method: InputMethod): Promise<void> {
  if (method === 'keyboard') {
    const control = choiceControl(scope, field, value);
    await focusControl(page, control);
    // Reached by arrow keys in a radio group, the option is already selected.
    if (!(await control.isChecked())) await page.keyboard.press('Space');
  } else {
    await questionGroup(scope, field).getByText(optionLabel(field, value), { exact: true }).click();
  }
}

async function tick(page: Page, checkbox: Locator, method: InputMethod): Promise<void> {
  if (method === 'keyboard') {
    await focusControl(page, checkbox);
    await page.keyboard.press('Space');
  } else {
    await checkbox.click();
  }
}

function asText(field: AnswerField, value: AnswerValue): string {
  if (typeof value !== 'string') throw new Error(`${field.name}: expected one value, got ${value.join(', ')}`);
  return value;
}

function asList(field: AnswerField, value: AnswerValue): readonly string[] {
  if (typeof value === 'string') throw new Error(`${field.name}: expected a list of values, got ${value}`);
  return value;
}

interface Filler extends Visitor {
  /** How many answers were given so far. */
  answered: number;
}

function filler(page: Page, methods: InputMethods): Filler {
  return {
    answered: 0,
    async answer(scope, field, value) {
      this.answered += 1;
      switch (field.kind) {
        case 'yesNo':
          await answerYesNo(page, scope, field, asText(field, value), methods.next('yesNo'));
          break;
        case 'radios':
          await toggleChoice(page, scope, field, asText(field, value), methods.next('radio'));
          break;
        case 'checkboxes':
          for (const item of asList(field, value)) await toggleChoice(page, scope, field, item, methods.next('checkbox'));
          break;
        case 'checkbox':
          if (asText(field, value) === 'yes') await tick(page, singleCheckbox(scope, field), methods.next('checkbox'));
          break;
        case 'select':
        case 'region':
          await chooseOption(page, selectControl(scope, field), field, asText(field, value), methods.next('select'));
          break;
        case 'date':
        case 'month':
          await enterDate(page, textControl(scope, field), asText(field, value), methods.next('date'));
          break;
        default:
          await typeText(page, textControl(scope, field), asText(field, value), methods.next('text'));
      }
      // The answer took: the same check the Back/Next walk makes later.
      await checker.answer(scope, field, value);
    },
    async entries(region, list) {
      const entries = listEntries(region, list);
      // A list inside a reveal starts with one entry; a list with pre-listed entries starts with those.
      await expect(entries, `${list.name} starts with its first entries`).toHaveCount(list.initialEntries ?? 1);
      const add = region.getByRole('button', { name: `Add another ${lowerFirst(list.itemLabel)}`, exact: true });
      for (let count = await entries.count(); count < entriesPerList; count += 1) {
        await press(page, add, methods.next('addEntry'));
        await expect(entries).toHaveCount(count + 1);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Checking

const checker: Visitor = {
  async answer(scope, field, value) {
    switch (field.kind) {
      case 'yesNo': {
        const answer = asText(field, value);
        await expect(yesNoRadio(scope, field, answer), `${field.name}: ${answer} is checked`).toBeChecked();
        await expect(yesNoRadio(scope, field, answer === 'yes' ? 'no' : 'yes')).not.toBeChecked();
        break;
      }
      case 'radios':
      case 'checkboxes': {
        const chosen = field.kind === 'radios' ? [asText(field, value)] : asList(field, value);
        for (const option of getOptions(field.options)) {
          const control = choiceControl(scope, field, option.value);
          if (chosen.includes(option.value)) await expect(control, `${field.name}: ${option.label} is checked`).toBeChecked();
          else await expect(control, `${field.name}: ${option.label} is not checked`).not.toBeChecked();
        }
        break;
      }
      case 'checkbox':
        await expect(singleCheckbox(scope, field), `${field.name} is ticked or not`).toBeChecked({ checked: asText(field, value) === 'yes' });
        break;
      case 'select':
      case 'region':
        await expect(selectControl(scope, field), `${field.name} shows its choice`).toHaveValue(asText(field, value));
        break;
      default:
        await expect(textControl(scope, field), `${field.name} shows its answer`).toHaveValue(asText(field, value));
    }
  },
  async entries(region, list) {
    await expect(listEntries(region, list), `${list.name} has ${entriesPerList} entries`).toHaveCount(entriesPerList);
  },
};

// ---------------------------------------------------------------------------------------------
// The Employment/Contract History step

function historyForm(page: Page): Locator {
  return page.getByRole('group', { name: 'Add history item', exact: true });
}

export function openHistoryFormButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Add History Item', exact: true });
}

/** The value each field of the history item gets. */
function historyItemValue(name: string): string {
  const field = historyItemFields.find((candidate) => isAnswerField(candidate) && candidate.name === name);
  if (!field || !isAnswerField(field)) throw new Error(`No history item field ${name}`);
  return asText(field, sampleValue(field, historyItemIndex));
}

/** The table row of the item added on the history step (the only row it can remove). */
function historyItemRow(page: Page): Locator {
  return page
    .getByRole('region', { name: 'Previous history', exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Remove\b/ }) });
}

/** Opens the Add History Item form (keyboard: focus and Enter). */
export async function openHistoryForm(page: Page, method: InputMethod = 'pointer'): Promise<Locator> {
  await press(page, openHistoryFormButton(page), method);
  const form = historyForm(page);
  await expect(form).toBeVisible();
  return form;
}

export async function closeHistoryForm(page: Page): Promise<void> {
  await historyForm(page).getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(historyForm(page)).toHaveCount(0);
  await expect(openHistoryFormButton(page)).toBeVisible();
}

/** Adds one item through the Add History Item form, then checks its row. */
export async function addHistoryItem(page: Page, methods: InputMethods): Promise<number> {
  await expect(historyItemRow(page), 'no history item yet').toHaveCount(0);
  const form = await openHistoryForm(page, methods.next('addEntry'));
  const fill = filler(page, methods);
  await walk(historyItemFields, form, historyItemIndex, fill);
  await press(page, form.getByRole('button', { name: 'Save item', exact: true }));
  await expect(historyForm(page), 'a complete item is saved and the form closes').toHaveCount(0);
  await checkHistoryStep(page);
  return fill.answered;
}

/** The item added on the history step is in the table, with its description, type and months. */
export async function checkHistoryStep(page: Page): Promise<void> {
  const row = historyItemRow(page);
  await expect(row).toHaveCount(1);
  const comments = historyItemValue('comments');
  await expect(row.getByRole('cell')).toHaveText([
    comments,
    historyItemValue('type'),
    formatMonth(historyItemValue('start-date')),
    formatMonth(historyItemValue('end-date')),
    `Remove ${comments}`,
  ]);
  await expect(historyForm(page)).toHaveCount(0);
  await expect(openHistoryFormButton(page)).toBeVisible();
}

// ---------------------------------------------------------------------------------------------
// Steps

function isHistoryStep(step: DataStep): boolean {
  return step.form.fields.includes(historyItemsList);
}

/**
 * Fills every field of the step the page shows (the history step: one item through its form), and
 * returns how many answers it gave.
 */
export async function fillStep(page: Page, step: DataStep, methods: InputMethods): Promise<number> {
  if (isHistoryStep(step)) return addHistoryItem(page, methods);
  const fill = filler(page, methods);
  await walk(step.form.fields, stepFormRoot(page), 0, fill);
  // Every answer is valid and complete, so leaving the fields showed no error.
  await expect(page.locator('.field__error:visible'), `no errors on ${step.route}`).toHaveCount(0);
  return fill.answered;
}

/**
 * How many answers the machine-side sample filler (`fillSteps` in `test/support/sample-answers.ts`)
 * gives the step: the browser walk must visit exactly as many fields.
 */
export function sampleAnswerCount(step: DataStep): number {
  return fillSteps([step.form.step], entriesPerList).events.filter(
    (event) => event.type === 'answer.changed' || event.type === 'entry.answer.changed' || event.type === 'history.form.changed',
  ).length;
}

/** Checks that the step the page shows still holds every answer `fillStep` gave, with every reveal open. */
export async function checkStep(page: Page, step: DataStep): Promise<void> {
  if (isHistoryStep(step)) {
    await checkHistoryStep(page);
    return;
  }
  await walk(step.form.fields, stepFormRoot(page), 0, checker);
}

/** Every reveal region of the step's form is open (the fully revealed state). */
export async function expectFullyRevealed(page: Page, step: DataStep): Promise<void> {
  if (isHistoryStep(step)) return;
  const form = stepFormRoot(page);
  await expect(form).toBeVisible();
  await expect(form.locator('.reveal[hidden]'), `every reveal on ${step.route} is open`).toHaveCount(0);
}

// ---------------------------------------------------------------------------------------------
// Accessibility

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe finds no WCAG 2.x A/AA violation on the page as it is now, and did check some rules. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const violations = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  const report = violations
    .map((violation) => `  ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n    ${violation.targets.join('\n    ')}`)
    .join('\n');
  expect(violations, `axe violations on ${where}:\n${report}`).toEqual([]);
  expect(results.passes.length, `axe checked some rules on ${where}`).toBeGreaterThan(0);
}

// ---------------------------------------------------------------------------------------------
// Colours

/** The computed background colour of an element as [r, g, b]. */
export async function backgroundRgb(locator: Locator): Promise<[number, number, number]> {
  const color = await locator.evaluate((element) => getComputedStyle(element).backgroundColor);
  const match = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  if (!match) throw new Error(`Unreadable background colour: ${color}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function isRedish([r, g, b]: readonly number[]): boolean {
  return r! > 150 && g! < 80 && b! < 80;
}
