import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { buildIfNeeded } from '../server/build-if-needed.ts';
import { startAppServer } from './app-server.ts';
import { parseBenchArgs, usage, type MeasurementName } from './bench-args.ts';
import { launchChromium } from './browser.ts';
import { bundleBytes } from './bundle-bytes.ts';
import { formatTable, missedBudgets, verdictOf, type Figure } from './figures.ts';
import { keystrokeToPaint, writePlainPage } from './keystroke-to-paint.ts';
import { lighthouseScores } from './lighthouse-scores.ts';
import type { Measurement, MeasurementContext } from './measurement.ts';
import { nextToPaint, writePlainStepsPage } from './next-to-paint.ts';
import { serverThroughput } from './server-throughput.ts';

/**
 * `npm run bench [-- --check] [bytes next keystroke server lighthouse]`: builds the app if needed,
 * starts the production server on a port of its own with a temporary data folder, runs the
 * measurements, prints a table of figure / budget / result and writes it to bench/results/last-run.json.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(root, 'dist');
const resultsPath = join(root, 'bench', 'results', 'last-run.json');
/** The bench's server; Lighthouse's Chromium uses 4474 (the bench's ports are 4473-4479). */
const serverPort = 4473;

const measurements: Record<MeasurementName, Measurement> = {
  bytes: bundleBytes,
  next: nextToPaint,
  keystroke: keystrokeToPaint,
  server: serverThroughput,
  lighthouse: lighthouseScores,
};
const usesBrowser: ReadonlySet<MeasurementName> = new Set(['bytes', 'next', 'keystroke']);

function machine() {
  const [first] = cpus();
  return { cpus: cpus().length, cpu: first?.model ?? 'unknown', node: process.version, loadAverage: loadavg().map((value) => Math.round(value * 100) / 100) };
}

async function main(): Promise<number> {
  if (process.argv.includes('--help')) {
    console.log(usage);
    return 0;
  }
  let args;
  try {
    args = parseBenchArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }

  const startedAt = new Date();
  console.log(`bench: ${args.measurements.join(', ')} on ${machine().cpus} × ${machine().cpu}, load average ${machine().loadAverage.join(' ')}`);
  await buildIfNeeded(root, distDir);

  const dataDir = mkdtempSync(join(tmpdir(), 'driver-application-bench-'));
  const removePlainPages = [
    args.measurements.includes('keystroke') ? writePlainPage(distDir) : () => {},
    args.measurements.includes('next') ? writePlainStepsPage(distDir) : () => {},
  ];
  let browser: Browser | undefined;
  const figures: Figure[] = [];
  const reports: string[] = [];
  const details: Record<string, unknown> = {};
  try {
    const server = await startAppServer({ root, port: serverPort, dataDir });
    try {
      let heaviestRoute: string | undefined;
      for (const name of args.measurements) {
        if (!usesBrowser.has(name) && browser) {
          await browser.close();
          browser = undefined;
        }
        const context: MeasurementContext = {
          baseUrl: server.baseUrl,
          root,
          distDir,
          heaviestRoute,
          browser: async () => (browser ??= await launchChromium()),
        };
        const started = Date.now();
        process.stdout.write(`  ${name}…`);
        try {
          const result = await measurements[name].run(context);
          figures.push(...result.figures);
          if (result.report) reports.push(result.report);
          details[name] = result.details;
          if (name === 'bytes') heaviestRoute = (result.details as { heaviestStep: { route: string } }).heaviestStep.route;
          console.log(` ${((Date.now() - started) / 1000).toFixed(0)} s`);
        } catch (error) {
          const message = (error as Error).message.split('\n')[0] ?? String(error);
          console.log(` failed: ${message}`);
          figures.push({ id: `${name}.error`, label: `${name}: could not be measured`, unit: 'yes/no', value: null, budget: { equals: true }, note: message });
          details[name] = { error: (error as Error).stack ?? message };
        }
      }
    } finally {
      await browser?.close();
      await server.stop();
    }
  } finally {
    for (const remove of removePlainPages) remove();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const missed = missedBudgets(figures);
  console.log(`\n${reports.join('\n\n')}\n\n${formatTable(figures)}\n`);
  console.log(missed.length === 0 ? 'Every budget measured was met.' : `${missed.length} budget${missed.length > 1 ? 's' : ''} missed: ${missed.map((figure) => figure.label).join('; ')}`);

  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  const json = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: machine(),
    measurements: args.measurements,
    figures: figures.map((figure) => ({ ...figure, verdict: verdictOf(figure) })),
    details,
  };
  writeFileSync(resultsPath, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`Written to ${resultsPath}`);
  return args.check && missed.length > 0 ? 1 : 0;
}

process.exitCode = await main();
