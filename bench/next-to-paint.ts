import type { Browser } from '@playwright/test';
import { draftStorageKey, revisionStorageKey, ssnStorageKey } from '../src/shared/draft/draft-keys.ts';
import type { Figure } from './figures.ts';
import { NetworkTracker, newBenchContext, waitForStep } from './browser.ts';
import { armTransition, transitionResult } from './in-page-timing.ts';
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
 */

export const walkCount = 3;

interface WalkTiming {
  readonly route: string;
  readonly ms: number;
}

async function walkOnce(browser: Browser, baseUrl: string, seeded: SeededDraft): Promise<WalkTiming[]> {
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
    await network.quiet(300);
    const timings: WalkTiming[] = [];
    for (const transition of transitions) {
      await page.evaluate(armTransition, transition.to.heading);
      await transition.control(page).click();
      const ms = await page.evaluate(transitionResult);
      await waitForStep(page, transition.to.heading);
      await network.quiet(300);
      timings.push({ route: transition.to.route, ms });
    }
    // The walk measured full steps only if the seeded draft was taken up: the signature step says so.
    if (!(await page.getByText('Every step is complete.').isVisible())) throw new Error('The complete draft was not loaded: the signature step does not say every step is complete.');
    return timings;
  } finally {
    await context.close();
  }
}

export const nextToPaint: Measurement<{ walks: WalkTiming[][] }> = {
  name: 'next',
  async run({ browser: launch, baseUrl }) {
    const browser = await launch();
    const seeded = completeDraft();
    const walks: WalkTiming[][] = [];
    for (let walk = 0; walk < walkCount; walk += 1) walks.push(await walkOnce(browser, baseUrl, seeded));
    const all = walks.flat().map((timing) => timing.ms);
    const slowest = walks.flat().reduce((worst, timing) => (timing.ms > worst.ms ? timing : worst));
    const perRoute = transitions.map((transition) => ({
      route: transition.to.route,
      median: median(walks.map((timings) => timings[transition.index]!.ms)),
    }));
    const report = [
      `Next to painted (${walkCount} walks × ${transitions.length} transitions, complete draft; median per step in ms):`,
      ...perRoute.map((route) => `  ${route.route.padEnd(26)} ${route.median.toFixed(1).padStart(7)}`),
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
    ];
    return { figures, report, details: { walks } };
  },
};
