import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { resolveCarrierConfig } from '../config/carrier-config.ts';
import { renderApplicationPdf } from '../server/pdf/application-pdf.ts';
import { benchNoopPostPath } from '../server/app.ts';
import type { Figure } from './figures.ts';
import { sampleDocument, submissionBody } from './sample-application.ts';
import { median } from './stats.ts';
import type { Measurement } from './measurement.ts';

/**
 * Item 4: submissions per second and p99 latency of `POST /api/applications` (a complete application,
 * SQLite) at 50 connections for 10 seconds, next to the no-op `GET /api/health` on the same server in
 * the same run (the budget's ratio); and the time to render one application's PDF (in this process,
 * before the load runs). A second reference, `POST /api/bench/noop`, takes the same request (body,
 * body limit, rate limit, JSON parsing) and does nothing with it: submissions ÷ its rate is the share
 * of a submission's cost that is the application's own work. Each route gets a short unreported
 * warm-up first. No Idempotency-Key is sent, so every request stores a new application.
 */

export const connections = 50;
export const durationSeconds = 10;
const warmUpSeconds = 2;
const pdfRenders = 20;

interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p99Ms: number;
  readonly medianMs: number;
  readonly total: number;
  readonly non2xx: number;
  readonly errors: number;
}

async function load(options: autocannon.Options, seconds: number): Promise<LoadResult> {
  const result = await autocannon({ connections, ...options, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    medianMs: result.latency.p50,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function warmAndLoad(options: autocannon.Options): Promise<LoadResult> {
  await load(options, warmUpSeconds);
  const result = await load(options, durationSeconds);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${options.method ?? 'GET'} ${options.url}: ${result.non2xx} answers were not 2xx and ${result.errors} requests failed.`);
  }
  return result;
}

async function pdfTimings(): Promise<{ cold: number; warm: number[] }> {
  const input = { document: sampleDocument(), reference: 'BRF-BENCH001', submittedAt: new Date().toISOString(), carrier: resolveCarrierConfig(), ssn: 'masked' as const };
  const timeOne = async () => {
    const start = performance.now();
    const pdf = await renderApplicationPdf(input);
    if (pdf.length === 0) throw new Error('The PDF is empty.');
    return performance.now() - start;
  };
  const cold = await timeOne();
  const warm: number[] = [];
  for (let index = 0; index < pdfRenders; index += 1) warm.push(await timeOne());
  return { cold, warm };
}

export const serverThroughput: Measurement<{ submit: LoadResult; noop: LoadResult; noopPost: LoadResult; pdf: { cold: number; warm: number[] } }> = {
  name: 'server',
  async run({ baseUrl }) {
    const pdf = await pdfTimings();
    const noop = await warmAndLoad({ url: `${baseUrl}/api/health` });
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: submissionBody() } as const;
    const noopPost = await warmAndLoad({ url: `${baseUrl}${benchNoopPostPath}`, ...post });
    const submit = await warmAndLoad({ url: `${baseUrl}/api/applications`, ...post });
    const load = `${connections} connections, ${durationSeconds} s`;
    const figures: Figure[] = [
      {
        id: 'server.submit.rps',
        label: 'POST /api/applications: submissions/s',
        unit: 'req/s',
        value: submit.requestsPerSecond,
        note: `${load}, SQLite; ${submit.total} applications stored, median ${submit.medianMs} ms`,
      },
      { id: 'server.submit.p99', label: 'POST /api/applications: p99 latency', unit: 'ms', value: submit.p99Ms },
      { id: 'server.noop.rps', label: 'GET /api/health (no-op): req/s', unit: 'req/s', value: noop.requestsPerSecond, note: `${load}; median ${noop.medianMs} ms` },
      { id: 'server.noop.p99', label: 'GET /api/health (no-op): p99 latency', unit: 'ms', value: noop.p99Ms },
      { id: 'server.ratio', label: 'Submissions/s ÷ no-op req/s', unit: 'ratio', value: submit.requestsPerSecond / noop.requestsPerSecond, budget: { atLeast: 1 / 3 } },
      {
        id: 'server.noop-post.rps',
        label: `POST ${benchNoopPostPath} (same body, no work): req/s`,
        unit: 'req/s',
        value: noopPost.requestsPerSecond,
        note: `${load}; median ${noopPost.medianMs} ms; the submission's request without its handler`,
      },
      { id: 'server.noop-post.ratio', label: 'Submissions/s ÷ same-body no-op req/s', unit: 'ratio', value: submit.requestsPerSecond / noopPost.requestsPerSecond },
      { id: 'server.pdf.warm', label: 'PDF of one application: median warm', unit: 'ms', value: median(pdf.warm), budget: { below: 100 }, note: `${pdfRenders} renders after a first (cold) one` },
      { id: 'server.pdf.cold', label: 'PDF of one application: first (cold)', unit: 'ms', value: pdf.cold },
    ];
    return { figures, details: { submit, noop, noopPost, pdf } };
  },
};
