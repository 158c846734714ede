/** The command line of `npm run bench`: which measurements to run, and `--check`. */

/** In the order they run: the browser ones together, Lighthouse before the load test leaves the server's database larger. */
export const measurementNames = ['bytes', 'next', 'keystroke', 'lighthouse', 'server'] as const;
export type MeasurementName = (typeof measurementNames)[number];

export interface BenchArgs {
  /** In the order they run, whatever order they were given in. */
  readonly measurements: readonly MeasurementName[];
  /** Exit with status 1 when a budget is missed. */
  readonly check: boolean;
}

export const usage = `Usage: npm run bench -- [--check] [${measurementNames.join(' ')}]
  With no names, every measurement runs. --check exits 1 when a budget is missed.`;

function isMeasurementName(value: string): value is MeasurementName {
  return (measurementNames as readonly string[]).includes(value);
}

/** Parses the arguments after `npm run bench --`; throws with the usage on anything unknown. */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const unknown = argv.filter((arg) => arg !== '--check' && !isMeasurementName(arg));
  if (unknown.length > 0) throw new Error(`Unknown argument${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}\n${usage}`);
  const named = new Set(argv.filter(isMeasurementName));
  return {
    measurements: named.size === 0 ? measurementNames : measurementNames.filter((name) => named.has(name)),
    check: argv.includes('--check'),
  };
}
