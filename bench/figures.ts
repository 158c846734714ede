/**
 * What one bench run reports: figures, each with its budget (if the issue sets one) and whether it
 * was met, printed as a table and written as JSON.
 */

export type Budget =
  | { readonly atMost: number }
  | { readonly below: number }
  | { readonly atLeast: number }
  | { readonly equals: number | boolean };

export type Unit = 'bytes' | 'ms' | 'ratio' | 'score' | 'req/s' | 'yes/no' | 'count';

export interface Figure {
  /** Stable key in the JSON (`bytes.first-visit.js`). */
  readonly id: string;
  readonly label: string;
  readonly unit: Unit;
  /** null when the measurement could not produce it (see `note`). */
  readonly value: number | boolean | null;
  readonly budget?: Budget;
  readonly note?: string;
}

export type Verdict = 'pass' | 'fail' | 'n/a';

/** Whether `figure` meets its budget; a figure without a budget is n/a, a missing value fails its budget. */
export function verdictOf(figure: Figure): Verdict {
  const { budget, value } = figure;
  if (!budget) return 'n/a';
  if (value === null) return 'fail';
  if ('equals' in budget) return value === budget.equals ? 'pass' : 'fail';
  if (typeof value !== 'number') return 'fail';
  if ('atMost' in budget) return value <= budget.atMost ? 'pass' : 'fail';
  if ('below' in budget) return value < budget.below ? 'pass' : 'fail';
  return value >= budget.atLeast ? 'pass' : 'fail';
}

/** 1 KB = 1000 bytes (the stricter reading of the budgets). */
export const kilobyte = 1000;

export function formatValue(value: number | boolean | null, unit: Unit): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  switch (unit) {
    case 'bytes':
      return `${(value / kilobyte).toFixed(1)} KB`;
    case 'ms':
      return `${value.toFixed(value < 10 ? 2 : 1)} ms`;
    case 'ratio':
      return `${value.toFixed(2)}×`;
    case 'req/s':
      return `${Math.round(value)} req/s`;
    default:
      return String(Math.round(value * 100) / 100);
  }
}

export function formatBudget(budget: Budget | undefined, unit: Unit): string {
  if (!budget) return '';
  if ('equals' in budget) return `= ${formatValue(budget.equals, unit)}`;
  if ('atMost' in budget) return `≤ ${formatValue(budget.atMost, unit)}`;
  if ('below' in budget) return `< ${formatValue(budget.below, unit)}`;
  return `≥ ${formatValue(budget.atLeast, unit)}`;
}

/** The figures as an aligned plain-text table: figure, value, budget, verdict. */
export function formatTable(figures: readonly Figure[]): string {
  const rows = [
    ['figure', 'value', 'budget', 'result'],
    ...figures.map((figure) => [figure.label, formatValue(figure.value, figure.unit), formatBudget(figure.budget, figure.unit), verdictOf(figure)]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => [...row[column]!].length)));
  const line = (row: readonly string[]) => row.map((cell, column) => cell + ' '.repeat(widths[column]! - [...cell].length)).join('  ').trimEnd();
  const notes = figures.filter((figure) => figure.note).map((figure) => `  ${figure.label}: ${figure.note}`);
  return [line(rows[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line), ...(notes.length > 0 ? ['', 'notes:', ...notes] : [])].join('\n');
}

/** Figures whose budget was missed (or could not be measured). */
export function missedBudgets(figures: readonly Figure[]): Figure[] {
  return figures.filter((figure) => verdictOf(figure) === 'fail');
}
