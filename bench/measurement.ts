import type { Browser } from '@playwright/test';
import type { MeasurementName } from './bench-args.ts';
import type { Figure } from './figures.ts';

export interface MeasurementContext {
  /** The bench's own production server. */
  readonly baseUrl: string;
  readonly root: string;
  readonly distDir: string;
  /** The shared Playwright Chromium, launched on first use. */
  browser(): Promise<Browser>;
  /** The step that loads the most bytes, when the bytes measurement ran before. */
  readonly heaviestRoute?: string;
}

export interface MeasurementResult<Details = unknown> {
  readonly figures: readonly Figure[];
  /** Printed before the summary table (per-step lists and the like). */
  readonly report?: string;
  /** Written to the JSON beside the figures. */
  readonly details: Details;
}

export interface Measurement<Details = unknown> {
  readonly name: MeasurementName;
  run(context: MeasurementContext): Promise<MeasurementResult<Details>>;
}
