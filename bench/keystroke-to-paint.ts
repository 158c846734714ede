import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { allLists } from '../machines/form/answers.ts';
import { isAnswerField, revealsOf, type FieldNode, type TextField } from '../machines/form/field-types.ts';
import { employedForm } from '../machines/form/steps/employed.ts';
import { getStep } from '../machines/steps.ts';
import { stylesheetsOf } from '../server/app.ts';
import type { Figure } from './figures.ts';
import { newBenchContext, waitForStep } from './browser.ts';
import { installKeystrokeTimer, keystrokeDurations, keystrokesMeasured } from './in-page-timing.ts';
import { plainEntryCount, plainFormPage } from './plain-form-page.ts';
import { median, percentile } from './stats.ts';
import type { Measurement } from './measurement.ts';

/**
 * Item 3: keydown to the next paint on the largest form, the Employer/Contract Information step with
 * an employer entry and every question of it open (terminated, operated a CMV), in the app and in a
 * plain HTML page with the same fields (generated from the same declaration, the app's stylesheet, no
 * script but the bench's listener), served by the same server. One key at a time: the next key is
 * pressed only once the previous one has painted.
 */

export const keystrokeCount = 200;
const warmUpCount = 20;
const typedText = 'Acme Freight Lines of Roanoke, Virginia; ';

const step = getStep('employed');
const entryList = allLists(employedForm.fields)[0]!;
/** The entry's first text field (Company name): what the applicant types into. */
const typedField = entryList.fields.find((node): node is TextField => node.kind === 'text')!;

/** Where the plain page is served from: written into the build only for the bench's run. */
export const plainPagePath = '/bench/plain-employer-form.html';

/** Writes the plain page into `distDir` (before the server starts: it lists its files then); returns its removal. */
export function writePlainPage(distDir: string): () => void {
  const file = join(distDir, plainPagePath);
  mkdirSync(dirname(file), { recursive: true });
  const stylesheets = stylesheetsOf(readFileSync(join(distDir, 'index.html'), 'utf8'));
  writeFileSync(file, plainFormPage(employedForm, { heading: step.heading, stylesheets }));
  return () => rmSync(dirname(file), { recursive: true, force: true });
}

/** Opens every reveal and the list's first entries through the screen, as an applicant would. */
async function openEverything(page: Page, nodes: readonly FieldNode[]): Promise<void> {
  const main = page.getByRole('main');
  for (const node of nodes) {
    if (node.kind === 'group') await openEverything(page, node.fields);
    if (node.kind === 'list') {
      const entries = main.getByRole('group', { name: new RegExp(`^${node.itemLabel} \\d+$`) });
      while ((await entries.count()) < plainEntryCount(node)) {
        await main.getByRole('button', { name: new RegExp(`^Add (another )?${node.itemLabel}$`, 'i') }).click();
      }
      await openEverything(page, node.fields);
    }
    if (!isAnswerField(node)) continue;
    for (const reveal of revealsOf(node)) {
      if (node.kind !== 'yesNo') throw new Error(`Opening a ${node.kind} reveal is not implemented (${node.name}).`);
      await main.getByRole('group', { name: node.label, exact: true }).getByRole('radio', { name: reveal.when === 'yes' ? 'Yes' : 'No', exact: true }).check();
      await openEverything(page, reveal.fields);
    }
  }
}

/** The form controls of the form shown (the app renders the neighbouring steps ahead, hidden). */
async function controlCount(page: Page): Promise<number> {
  return page.getByRole('main').locator('form:visible').locator('input, select, textarea').count();
}

async function typeMeasured(page: Page, field: Locator): Promise<number[]> {
  await field.click();
  await page.evaluate(installKeystrokeTimer);
  const text = typedText.repeat(Math.ceil((warmUpCount + keystrokeCount) / typedText.length));
  for (let index = 0; index < warmUpCount + keystrokeCount; index += 1) {
    await page.keyboard.type(text[index]!);
    await page.evaluate(keystrokesMeasured, index + 1);
  }
  return (await page.evaluate(keystrokeDurations)).slice(warmUpCount);
}

async function measurePage(browser: Browser, url: string, prepare: (page: Page) => Promise<void>): Promise<{ durations: number[]; controls: number }> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(url);
    await prepare(page);
    const field = page.getByRole('main').getByRole('textbox', { name: typedField.label, exact: true });
    return { durations: await typeMeasured(page, field), controls: await controlCount(page) };
  } finally {
    await context.close();
  }
}

export const keystrokeToPaint: Measurement<{ app: number[]; plain: number[]; appControls: number; plainControls: number }> = {
  name: 'keystroke',
  async run({ browser: launch, baseUrl }) {
    const browser = await launch();
    const app = await measurePage(browser, `${baseUrl}${step.route}`, async (page) => {
      await waitForStep(page, step.heading);
      await openEverything(page, employedForm.fields);
    });
    const plain = await measurePage(browser, `${baseUrl}${plainPagePath}`, async () => {});
    const appMedian = median(app.durations);
    const plainMedian = median(plain.durations);
    const sameFields = app.controls === plain.controls;
    const fields = `${typedField.label} of ${entryList.itemLabel} 1 at ${step.route}; ${app.controls} form controls in the app, ${plain.controls} in the plain page${sameFields ? '' : ' (they differ!)'}`;
    const figures: Figure[] = [
      { id: 'keystroke.app.median', label: 'Keystroke → paint, app: median', unit: 'ms', value: appMedian, note: `${keystrokeCount} keystrokes into ${fields}` },
      { id: 'keystroke.app.p95', label: 'Keystroke → paint, app: p95', unit: 'ms', value: percentile(app.durations, 95) },
      { id: 'keystroke.plain.median', label: 'Keystroke → paint, plain HTML: median', unit: 'ms', value: plainMedian },
      { id: 'keystroke.plain.p95', label: 'Keystroke → paint, plain HTML: p95', unit: 'ms', value: percentile(plain.durations, 95) },
      { id: 'keystroke.ratio', label: 'Keystroke → paint, app / plain HTML', unit: 'ratio', value: appMedian / plainMedian, budget: { atMost: 1.5 } },
    ];
    return { figures, details: { app: app.durations, plain: plain.durations, appControls: app.controls, plainControls: plain.controls } };
  },
};
