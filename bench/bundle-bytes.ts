import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from '@playwright/test';
import { formatValue, kilobyte, type Figure } from './figures.ts';
import { NetworkTracker, newBenchContext, waitForStep } from './browser.ts';
import { transitions, walkSteps } from './walk.ts';
import type { Measurement } from './measurement.ts';

/**
 * Item 1: the JS and CSS a browser loads, gzip-compressed. The server sends them uncompressed (it
 * has no compression plugin; the run checks the content-encoding header and says so), so each body is
 * gzipped here with zlib at its default level, as a compressing server or CDN would send it.
 */

type AssetKind = 'js' | 'css';

interface Asset {
  readonly url: string;
  readonly kind: AssetKind;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly contentEncoding: string | undefined;
  /** Fetched by `<link rel="prefetch">`: in idle time, for later, not run by this page. */
  readonly prefetch: boolean;
}

interface Load {
  readonly js: number;
  readonly css: number;
  readonly files: readonly string[];
}

export interface StepLoad extends Load {
  readonly route: string;
  readonly heading: string;
}

function assetKind(response: Response): AssetKind | undefined {
  const type = response.headers()['content-type'] ?? '';
  const path = new URL(response.url()).pathname;
  if (/javascript/.test(type) || path.endsWith('.js')) return 'js';
  if (/text\/css/.test(type) || path.endsWith('.css')) return 'css';
  return undefined;
}

/** Records every JS and CSS file the page fetches, once per URL (a file already loaded costs nothing again). */
class AssetRecorder {
  private readonly assets = new Map<string, Promise<Asset | undefined>>();
  private counted = new Set<string>();

  constructor(page: Page) {
    page.on('response', (response) => {
      const kind = assetKind(response);
      if (!kind || this.assets.has(response.url()) || response.status() >= 300) return;
      this.assets.set(
        response.url(),
        Promise.all([response.body(), response.request().allHeaders()]).then(
          ([body, requestHeaders]) => ({
            url: response.url(),
            kind,
            bytes: body.length,
            gzipBytes: gzipSync(body).length,
            contentEncoding: response.headers()['content-encoding'],
            prefetch: requestHeaders['sec-purpose']?.startsWith('prefetch') ?? false,
          }),
          () => undefined,
        ),
      );
    });
  }

  /** What was fetched since the last call. */
  async takeNew(): Promise<Load & { prefetchedJs: number; prefetchedFiles: string[]; assets: Asset[] }> {
    const fresh = [...this.assets.keys()].filter((url) => !this.counted.has(url));
    this.counted = new Set([...this.counted, ...fresh]);
    const assets = (await Promise.all(fresh.map((url) => this.assets.get(url)!))).filter((asset): asset is Asset => asset !== undefined);
    const used = assets.filter((asset) => !asset.prefetch);
    const sum = (kind: AssetKind, from = used) => from.filter((asset) => asset.kind === kind).reduce((total, asset) => total + asset.gzipBytes, 0);
    const prefetched = assets.filter((asset) => asset.prefetch);
    return {
      js: sum('js'),
      css: sum('css'),
      files: used.map((asset) => new URL(asset.url).pathname),
      prefetchedJs: sum('js', prefetched),
      prefetchedFiles: prefetched.map((asset) => new URL(asset.url).pathname),
      assets,
    };
  }
}

/** Whether the home page's heading and Get started are in the HTML itself, shown with JavaScript off. */
async function homeContentWithoutJs(browser: Browser, baseUrl: string): Promise<boolean> {
  const context = await newBenchContext(browser, { javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    const heading = page.getByRole('heading', { level: 1, name: walkSteps[0]!.heading });
    const start = page.getByRole('link', { name: 'Get started' });
    return (await heading.isVisible()) && (await start.isVisible());
  } finally {
    await context.close();
  }
}

function kb(bytes: number): string {
  return formatValue(bytes, 'bytes').padStart(8);
}

export const bundleBytes: Measurement<{ firstVisit: Load; steps: StepLoad[]; heaviestStep: StepLoad; serverCompresses: boolean }> = {
  name: 'bytes',
  async run({ browser: launch, baseUrl }) {
    const browser = await launch();
    const context = await newBenchContext(browser);
    try {
      const page = await context.newPage();
      const network = new NetworkTracker(page);
      const recorder = new AssetRecorder(page);
      await page.goto(`${baseUrl}/`);
      await waitForStep(page, walkSteps[0]!.heading);
      await network.quiet();
      const first = await recorder.takeNew();
      const allAssets = [...first.assets];
      const stepLoads: StepLoad[] = [];
      for (const transition of transitions) {
        await transition.control(page).click();
        await waitForStep(page, transition.to.heading);
        await network.quiet();
        const load = await recorder.takeNew();
        allAssets.push(...load.assets);
        stepLoads.push({ route: transition.to.route, heading: transition.to.heading, js: load.js, css: load.css, files: load.files });
      }
      const withoutJs = await homeContentWithoutJs(browser, baseUrl);
      const encodings = [...new Set(allAssets.map((asset) => asset.contentEncoding).filter(Boolean))];
      const serverCompresses = encodings.length > 0;
      const stepTotal = (step: StepLoad) => step.js + step.css;
      const heaviestStep = stepLoads.reduce((heaviest, step) => (stepTotal(step) > stepTotal(heaviest) ? step : heaviest));
      const firstVisit: Load = { js: first.js, css: first.css, files: first.files };
      const compression = serverCompresses
        ? `the server compresses (${encodings.join(', ')}); sizes are zlib gzip of the decoded bodies`
        : 'the server sends JS/CSS uncompressed; sizes are zlib gzip (default level) of the bodies';

      const report = [
        `Bytes (gzip; ${compression})`,
        `  first visit to /: JS ${kb(first.js)}, CSS ${kb(first.css)} (${first.files.length} files): ${first.files.join(' ')}`,
        `  then prefetched in idle time (<link rel="prefetch">, not run until the applicant goes on): JS ${kb(first.prefetchedJs)} ${first.prefetchedFiles.join(' ')}`,
        '  extra on entering each step (by Get started / Next from the previous one, preloads included):',
        ...stepLoads.map((step) => `  ${step.route.padEnd(26)} JS ${kb(step.js)}  CSS ${kb(step.css)}  ${step.files.join(' ')}`),
      ].join('\n');

      const figures: Figure[] = [
        { id: 'bytes.first-visit.js', label: 'First visit to /: JS (gzip)', unit: 'bytes', value: first.js, budget: { atMost: 100 * kilobyte } },
        { id: 'bytes.first-visit.css', label: 'First visit to /: CSS (gzip)', unit: 'bytes', value: first.css },
        {
          id: 'bytes.first-visit.prefetched',
          label: 'First visit to /: application prefetched when idle (gzip)',
          unit: 'bytes',
          value: first.prefetchedJs,
          note: 'fetched with <link rel="prefetch"> after the page is shown; not run until the applicant goes on',
        },
        { id: 'bytes.home-without-js', label: 'Home content shown before any JS runs', unit: 'yes/no', value: withoutJs, budget: { equals: true } },
        {
          id: 'bytes.step-max',
          label: 'Largest extra JS+CSS on entering a step (gzip)',
          unit: 'bytes',
          value: stepTotal(heaviestStep),
          budget: { atMost: 25 * kilobyte },
          note: `${heaviestStep.route} (${heaviestStep.heading})`,
        },
      ];
      return { figures, report, details: { firstVisit, steps: stepLoads, heaviestStep, serverCompresses } };
    } finally {
      await context.close();
    }
  },
};
