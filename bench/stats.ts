/** Summary statistics of timings. Percentiles use the nearest-rank method (no interpolation). */

function sorted(values: readonly number[]): number[] {
  if (values.length === 0) throw new Error('No values to summarise.');
  if (values.some((value) => !Number.isFinite(value))) throw new Error('Every value must be a finite number.');
  return [...values].sort((a, b) => a - b);
}

/** The middle value (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  const ordered = sorted(values);
  const middle = Math.floor(ordered.length / 2);
  return ordered.length % 2 === 1 ? ordered[middle]! : (ordered[middle - 1]! + ordered[middle]!) / 2;
}

/** The smallest value with at least `p` percent of the values at or below it (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (!(p > 0 && p <= 100)) throw new Error(`A percentile is in (0, 100], not ${p}.`);
  const ordered = sorted(values);
  return ordered[Math.ceil((p / 100) * ordered.length) - 1]!;
}
