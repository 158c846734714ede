/**
 * Coverage of the Employment/Contract History step.
 *
 * 49 CFR 391.21 asks for ten years of employment history. The window runs from the same
 * month ten years ago to the current month, both included (decision 15), and the step's
 * completion is the share of the window's months covered by at least one history item,
 * with every uncovered run listed as a gap (decision 19).
 *
 * Pure and dependency-free: `today` is always a parameter, and all arithmetic is done on
 * month indices (year * 12 + month - 1), never on Date values, so time zones and
 * daylight-saving changes cannot move a month.
 */

/** A calendar month as 'YYYY-MM'. */
export type YearMonth = string;

/** A run of calendar months, both ends included. */
export interface MonthRange {
  readonly start: YearMonth;
  readonly end: YearMonth;
}

/** Anything with a start and an end date as typed in an HTML date or month input. */
export interface DatedItem {
  readonly start?: string | null;
  readonly end?: string | null;
}

export interface HistoryCoverage {
  readonly window: MonthRange;
  readonly totalMonths: number;
  readonly coveredMonths: number;
  /** Whole percent, floored, so 100 means every month is covered. */
  readonly percent: number;
  /** Uncovered runs inside the window, oldest first. */
  readonly gaps: readonly MonthRange[];
}

const MIN_YEAR = 1900;
const MAX_YEAR = 2199;
const DATE_PATTERN = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

interface ParsedDate {
  /** year * 12 + month - 1 */
  readonly month: number;
  /** The day of the month, when the value was a full date. */
  readonly day: number | undefined;
}

/** A 'YYYY-MM' or 'YYYY-MM-DD' string, or undefined when it is not a real date. */
function parseDate(value: string | undefined | null): ParsedDate | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATE_PATTERN.exec(value.trim());
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12) return undefined;
  const day = match[3] === undefined ? undefined : Number(match[3]);
  if (day !== undefined && (day < 1 || day > daysInMonth(year, month))) return undefined;
  return { month: year * 12 + (month - 1), day };
}

/** The month index of a 'YYYY-MM' or 'YYYY-MM-DD' string, or undefined when it is not a real date. */
function parseMonthIndex(value: string | undefined | null): number | undefined {
  return parseDate(value)?.month;
}

/**
 * The months an item spans, or undefined when either end is unreadable or the end comes
 * before the start. Two full dates in the same month are compared by day too, so
 * 2020-05-02 to 2020-05-01 is reversed; a month compared with a date is compared by month.
 */
function itemSpan(item: DatedItem): { start: number; end: number } | undefined {
  const start = parseDate(item.start);
  const end = parseDate(item.end);
  if (start === undefined || end === undefined || end.month < start.month) return undefined;
  if (end.month === start.month && start.day !== undefined && end.day !== undefined && end.day < start.day) return undefined;
  return { start: start.month, end: end.month };
}

function fromMonthIndex(index: number): YearMonth {
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/**
 * The calendar month of an HTML date ('YYYY-MM-DD') or month ('YYYY-MM') input value.
 * Empty, missing, malformed or implausible values (month outside 01-12, year outside
 * 1900-2199, a day that month does not have) give undefined.
 */
export function toYearMonth(value: string | undefined | null): YearMonth | undefined {
  const index = parseMonthIndex(value);
  return index === undefined ? undefined : fromMonthIndex(index);
}

function currentMonthIndex(today: Date): number {
  const time = today.getTime();
  if (Number.isNaN(time)) throw new RangeError('today is an invalid Date');
  return today.getFullYear() * 12 + today.getMonth();
}

/** The local calendar month of `today`. Throws a RangeError for an invalid Date. */
export function currentYearMonth(today: Date): YearMonth {
  return fromMonthIndex(currentMonthIndex(today));
}

function windowIndices(today: Date, years: number): { start: number; end: number } {
  if (!Number.isInteger(years) || years < 0) throw new RangeError(`years must be a whole number of years, got ${years}`);
  const end = currentMonthIndex(today);
  return { start: end - years * 12, end };
}

/**
 * The history window: from the same month `years` years ago to the current month, both
 * included. July 2024 gives { start: '2014-07', end: '2024-07' }.
 */
export function historyWindow(today: Date, years = 10): MonthRange {
  const { start, end } = windowIndices(today, years);
  return { start: fromMonthIndex(start), end: fromMonthIndex(end) };
}

/** How many months a range spans, both ends included; 0 when it is reversed or unreadable. */
export function monthsBetween(range: MonthRange): number {
  const start = parseMonthIndex(range.start);
  const end = parseMonthIndex(range.end);
  if (start === undefined || end === undefined || end < start) return 0;
  return end - start + 1;
}

/** 'YYYY-MM' (or 'YYYY-MM-DD') as shown to the applicant, 'MM-YYYY'. Unreadable values come back unchanged. */
export function formatMonth(month: YearMonth): string {
  const normalized = toYearMonth(month);
  if (normalized === undefined) return month;
  return `${normalized.slice(5, 7)}-${normalized.slice(0, 4)}`;
}

/** A range as shown to the applicant: '07-2014 to 07-2024'. */
export function formatRange(range: MonthRange): string {
  return `${formatMonth(range.start)} to ${formatMonth(range.end)}`;
}

/**
 * How much of the history window the items cover, and where the holes are.
 *
 * Items whose start or end is missing or unreadable, or whose end is before their start
 * (by day when both are full dates in the same month), are ignored (they are still being typed). The rest are clipped to the window and may
 * overlap or come in any order.
 */
export function historyCoverage(items: readonly DatedItem[], today: Date, years = 10): HistoryCoverage {
  const window = windowIndices(today, years);
  const totalMonths = window.end - window.start + 1;

  const spans: Array<{ start: number; end: number }> = [];
  for (const item of items) {
    const span = itemSpan(item);
    if (span === undefined) continue;
    const clippedStart = Math.max(span.start, window.start);
    const clippedEnd = Math.min(span.end, window.end);
    if (clippedEnd < clippedStart) continue;
    spans.push({ start: clippedStart, end: clippedEnd });
  }
  spans.sort((a, b) => a.start - b.start || a.end - b.end);

  const gaps: MonthRange[] = [];
  let coveredMonths = 0;
  /** The first month not yet known to be covered. */
  let next = window.start;
  for (const span of spans) {
    if (span.end < next) continue;
    if (span.start > next) gaps.push({ start: fromMonthIndex(next), end: fromMonthIndex(span.start - 1) });
    const from = Math.max(span.start, next);
    coveredMonths += span.end - from + 1;
    next = span.end + 1;
  }
  if (next <= window.end) gaps.push({ start: fromMonthIndex(next), end: fromMonthIndex(window.end) });

  return {
    window: { start: fromMonthIndex(window.start), end: fromMonthIndex(window.end) },
    totalMonths,
    coveredMonths,
    percent: Math.floor((coveredMonths * 100) / totalMonths),
    gaps,
  };
}
