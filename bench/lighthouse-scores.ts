import lighthouse from 'lighthouse';
import { launch as launchChrome } from 'chrome-launcher';
import { chromiumFlags, requireChromium } from '../test/support/chromium.ts';
import { getStep } from '../machines/steps.ts';
import type { Figure } from './figures.ts';
import { median } from './stats.ts';
import type { Measurement } from './measurement.ts';

/**
 * Item 5: Lighthouse's performance and accessibility scores for `/` and the heaviest step, with its
 * defaults: mobile form factor and screen, simulated throttling (slow 4G, 4× CPU slowdown). The
 * performance score moves from run to run, so each page is audited `runs` times and the run with the
 * median performance score is reported (accessibility does not vary).
 */

export const lighthouseRuns = 3;
/** The debugging port of the Chromium Lighthouse drives (the bench's ports are 4473-4479). */
export const lighthouseChromePort = 4474;
/** The heaviest step when the bytes measurement did not run: the employer form. */
const fallbackHeaviestRoute = getStep('employed').route;

interface Audit {
  readonly performance: number;
  readonly accessibility: number;
  readonly metrics: Record<string, string>;
  readonly failedAccessibilityAudits: string[];
}

const metricIds = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

/** Attempts per audit: on a loaded machine Lighthouse sometimes fails to record the trace (NO_NAVSTART) and asks to run again. */
const attempts = 3;

async function audit(url: string, port: number): Promise<Audit> {
  let lhr;
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
    lhr = result.lhr;
    if (!lhr.runtimeError) break;
    if (attempt === attempts) throw new Error(`Lighthouse could not audit ${url} (${attempts} attempts): ${lhr.runtimeError.message}`);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const accessibilityRefs = lhr.categories.accessibility?.auditRefs ?? [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    metrics: Object.fromEntries(metricIds.map((id) => [id, lhr.audits[id]?.displayValue ?? '?'])),
    failedAccessibilityAudits: accessibilityRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  };
}

async function medianAudit(url: string, port: number): Promise<{ chosen: Audit; runs: Audit[] }> {
  const runs: Audit[] = [];
  for (let run = 0; run < lighthouseRuns; run += 1) runs.push(await audit(url, port));
  const target = median(runs.map((run) => run.performance));
  const chosen = runs.reduce((best, run) => (Math.abs(run.performance - target) < Math.abs(best.performance - target) ? run : best));
  return { chosen, runs };
}

export const lighthouseScores: Measurement<Record<string, Audit[]>> = {
  name: 'lighthouse',
  async run({ baseUrl, heaviestRoute = fallbackHeaviestRoute }) {
    const chrome = await launchChrome({ chromePath: requireChromium(), chromeFlags: chromiumFlags, port: lighthouseChromePort });
    try {
      const pages = [
        { key: 'home', label: '/', route: '/' },
        { key: 'heaviest', label: `heaviest step ${heaviestRoute}`, route: heaviestRoute },
      ];
      const figures: Figure[] = [];
      const details: Record<string, Audit[]> = {};
      for (const page of pages) {
        const { chosen, runs } = await medianAudit(`${baseUrl}${page.route}`, chrome.port);
        details[page.route] = runs;
        const metrics = Object.entries(chosen.metrics).map(([id, value]) => `${id.replace(/-/g, ' ')} ${value}`).join(', ');
        figures.push(
          {
            id: `lighthouse.${page.key}.performance`,
            label: `Lighthouse mobile performance, ${page.label}`,
            unit: 'score',
            value: chosen.performance,
            budget: { atLeast: 95 },
            note: `median of ${runs.map((run) => run.performance).join(', ')}; ${metrics}`,
          },
          {
            id: `lighthouse.${page.key}.accessibility`,
            label: `Lighthouse accessibility, ${page.label}`,
            unit: 'score',
            value: chosen.accessibility,
            budget: { equals: 100 },
            ...(chosen.failedAccessibilityAudits.length > 0 ? { note: `failing: ${chosen.failedAccessibilityAudits.join(', ')}` } : {}),
          },
        );
      }
      return { figures, details };
    } finally {
      chrome.kill();
    }
  },
};
