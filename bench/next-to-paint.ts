import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { stylesheetsOf } from '../server/app.ts';
import { draftStorageKey, revisionStorageKey, ssnStorageKey } from '../src/shared/draft/draft-keys.ts';
import type { Figure } from './figures.ts';
import { NetworkTracker, newBenchContext, waitForStep } from './browser.ts';
import { armTransition, transitionResult } from './in-page-timing.ts';
import { captureShownStep, installPlainSteps, plainStepsPagePath, plainStepsShell } from './plain-steps-page.ts';
import { completeDraft, type SeededDraft } from './sample-application.ts';
import { median, percentile } from './stats.ts';
import { transitions, walkSteps } from './walk.ts';
import type { Measurement } from './measurement.ts';

/**
 * Item 2: from a click on Next (Get started on the home page) to the next step painted, for every
 * transition of the walk from `/` to the signature, timed inside the page (see in-page-timing.ts).
 * Every walk starts in a fresh browser context (nothing cached, as for a first-time applicant) with
 * the complete sample application as the saved draft, so each step shows every answer and every
 * reveal open: the heaviest the step can be. Between clicks the network is left to settle (the
 * neighbours' code is preloaded), as it would while a person reads the page.
 *
 * The baseline: the same steps as the first walk showed them, as static HTML switched without a
 * framework (plain-steps-page.ts), walked and timed alike on the same server in the same run.
 */

export const walkCount = 3;
/** What a person takes to read a step at the least: the pause before each click, in both walks. */
const pauseMs = 300;

interface WalkTiming {
  readonly route: string;
  readonly ms: number;
}

/** Writes the plain steps page into `distDir` (before the server starts: it lists its files then); returns its removal. */
export function writePlainStepsPage(distDir: string): () => void {
  const file = join(distDir, plainStepsPagePath);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, plainStepsShell(stylesheetsOf(readFileSync(join(distDir, 'index.html'), 'utf8'))));
  return () => rmSync(file, { force: true });
}

async function timeClick(page: Page, transition: (typeof transitions)[number]): Promise<number> {
  await page.evaluate(armTransition, transition.to.heading);
  await transition.control(page).click();
  return page.evaluate(transitionResult);
}

async function walkApp(browser: Browser, baseUrl: string, seeded: SeededDraft, capture: boolean): Promise<{ timings: WalkTiming[]; shown: string[] }> {
  const context = await newBenchContext(browser);
  await context.addInitScript(
    ({ keys, draft, ssn }) => {
      localStorage.setItem(keys.draft, JSON.stringify(draft));
      localStorage.setItem(keys.revision, String(draft.revision));
      if (ssn) sessionStorage.setItem(keys.ssn, ssn);
    },
    { keys: { draft: draftStorageKey, revision: revisionStorageKey, ssn: ssnStorageKey }, draft: seeded.draft, ssn: seeded.ssn },
  );
  try {
    const page = await context.newPage();
    const network = new NetworkTracker(page);
    await page.goto(`${baseUrl}/`);
    await waitForStep(page, walkSteps[0]!.heading);
    await network.quiet(pauseMs);
    const shown = capture ? [await page.evaluate(captureShownStep)] : [];
    const timings: WalkTiming[] = [];
    for (const transition of transitions) {
      const ms = await timeClick(page, transition);
      await waitForStep(page, transition.to.heading);
      await network.quiet(pauseMs);
      if (capture) shown.push(await page.evaluate(captureShownStep));
      timings.push({ route: transition.to.route, ms });
    }
    // The walk measured full steps only if the seeded draft was taken up: the signature step says so.
    if (!(await page.getByText('Every step is complete.').isVisible())) throw new Error('The complete draft was not loaded: the signature step does not say every step is complete.');
    return { timings, shown };
  } finally {
    await context.close();
  }
}

async function walkPlain(browser: Browser, baseUrl: string, shown: readonly string[]): Promise<WalkTiming[]> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}${plainStepsPagePath}`);
    await page.evaluate(installPlainSteps, shown);
    await waitForStep(page, walkSteps[0]!.heading);
    const timings: WalkTiming[] = [];
    for (const transition of transitions) {
      await page.waitForTimeout(pauseMs);
      timings.push({ route: transition.to.route, ms: await timeClick(page, transition) });
    }
    return timings;
  } finally {
    await context.close();
  }
}

function perRouteMedians(walks: readonly WalkTiming[][]): { route: string; median: number }[] {
  return transitions.map((transition) => ({ route: transition.to.route, median: median(walks.map((timings) => timings[transition.index]!.ms)) }));
}

export const nextToPaint: Measurement<{ walks: WalkTiming[][]; plainWalks: WalkTiming[][] }> = {
  name: 'next',
  async run({ browser: launch, baseUrl }) {
    const browser = await launch();
    const seeded = completeDraft();
    const walks: WalkTiming[][] = [];
    let shown: string[] = [];
    for (let walk = 0; walk < walkCount; walk += 1) {
      const result = await walkApp(browser, baseUrl, seeded, walk === 0);
      walks.push(result.timings);
      if (walk === 0) shown = result.shown;
    }
    const plainWalks: WalkTiming[][] = [];
    for (let walk = 0; walk < walkCount; walk += 1) plainWalks.push(await walkPlain(browser, baseUrl, shown));

    const all = walks.flat().map((timing) => timing.ms);
    const plainAll = plainWalks.flat().map((timing) => timing.ms);
    const slowest = walks.flat().reduce((worst, timing) => (timing.ms > worst.ms ? timing : worst));
    const app = perRouteMedians(walks);
    const plain = perRouteMedians(plainWalks);
    const report = [
      `Next to painted (${walkCount} walks × ${transitions.length} transitions, complete draft; median per step in ms):`,
      `  ${'step'.padEnd(26)} ${'app'.padStart(7)} ${'plain'.padStart(7)}`,
      ...app.map((route, index) => `  ${route.route.padEnd(26)} ${route.median.toFixed(1).padStart(7)} ${plain[index]!.median.toFixed(1).padStart(7)}`),
    ].join('\n');
    const figures: Figure[] = [
      {
        id: 'next.median',
        label: 'Next → step painted: median',
        unit: 'ms',
        value: median(all),
        budget: { below: 16 },
        note: `${all.length} transitions over ${walkSteps.length} routes; slowest ${slowest.ms.toFixed(1)} ms entering ${slowest.route}`,
      },
      { id: 'next.p95', label: 'Next → step painted: p95', unit: 'ms', value: percentile(all, 95) },
      {
        id: 'next.plain.median',
        label: 'Next → step painted, plain HTML: median',
        unit: 'ms',
        value: median(plainAll),
        note: 'the same steps as static HTML, switched without a framework (hide, show, pushState, scroll, focus)',
      },
      { id: 'next.plain.p95', label: 'Next → step painted, plain HTML: p95', unit: 'ms', value: percentile(plainAll, 95) },
      { id: 'next.ratio', label: 'Next → step painted, app / plain HTML', unit: 'ratio', value: median(all) / median(plainAll) },
    ];
    return { figures, report, details: { walks, plainWalks } };
  },
};
