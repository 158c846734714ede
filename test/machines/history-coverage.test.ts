import { describe, expect, it } from 'vitest';
import {
  currentYearMonth,
  formatMonth,
  formatRange,
  historyCoverage,
  historyWindow,
  monthsBetween,
  toYearMonth,
  type DatedItem,
} from '../../machines/form/history-coverage.ts';

/** The pinned clock: 15 July 2024, local time. */
const JULY_2024 = new Date(2024, 6, 15);
const WINDOW = { start: '2014-07', end: '2024-07' } as const;

describe('toYearMonth', () => {
  it('reads month inputs and date inputs', () => {
    expect(toYearMonth('2014-07')).toBe('2014-07');
    expect(toYearMonth('2014-07-31')).toBe('2014-07');
    expect(toYearMonth('2024-02-29')).toBe('2024-02');
  });

  it.each([undefined, null, '', ' ', '2014', '2014-7', '14-07', '2014-00', '2014-13', '2014-07-00', '2014-07-32', '2023-02-29', '1899-12', '2200-01', '07-2014', 'not a date', '2014-07-15T00:00'])(
    'gives undefined for %j',
    (value) => {
      expect(toYearMonth(value)).toBeUndefined();
    },
  );
});

describe('the history window', () => {
  it('runs from the same month ten years ago to the current month', () => {
    expect(currentYearMonth(JULY_2024)).toBe('2024-07');
    expect(historyWindow(JULY_2024)).toEqual(WINDOW);
    expect(formatRange(historyWindow(JULY_2024))).toBe('07-2014 to 07-2024');
  });

  it('counts 121 months, both ends included', () => {
    expect(monthsBetween(WINDOW)).toBe(121);
    expect(monthsBetween({ start: '2024-03', end: '2024-03' })).toBe(1);
    expect(monthsBetween({ start: '2024-04', end: '2024-03' })).toBe(0);
  });

  it('crosses the year boundary in January', () => {
    const january = new Date(2025, 0, 1);
    expect(currentYearMonth(january)).toBe('2025-01');
    expect(historyWindow(january)).toEqual({ start: '2015-01', end: '2025-01' });
    expect(formatRange(historyWindow(january))).toBe('01-2015 to 01-2025');
  });

  it('handles December', () => {
    const december = new Date(2024, 11, 31, 23, 59);
    expect(currentYearMonth(december)).toBe('2024-12');
    expect(formatRange(historyWindow(december))).toBe('12-2014 to 12-2024');
  });

  it('uses the local calendar month, even on its first and last moments', () => {
    expect(currentYearMonth(new Date(2024, 6, 1, 0, 0, 0))).toBe('2024-07');
    expect(currentYearMonth(new Date(2024, 6, 31, 23, 59, 59))).toBe('2024-07');
  });

  it('takes another number of years', () => {
    expect(historyWindow(JULY_2024, 3)).toEqual({ start: '2021-07', end: '2024-07' });
    expect(historyCoverage([], JULY_2024, 3).totalMonths).toBe(37);
  });

  it('rejects an invalid clock or number of years', () => {
    expect(() => historyWindow(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => historyWindow(JULY_2024, -1)).toThrow(RangeError);
    expect(() => historyWindow(JULY_2024, 1.5)).toThrow(RangeError);
  });
});

describe('formatMonth', () => {
  it('shows MM-YYYY', () => {
    expect(formatMonth('2014-07')).toBe('07-2014');
    expect(formatMonth('2014-07-09')).toBe('07-2014');
    expect(formatRange({ start: '2019-01', end: '2019-12' })).toBe('01-2019 to 12-2019');
  });

  it('leaves an unreadable value as it is', () => {
    expect(formatMonth('')).toBe('');
    expect(formatMonth('soon')).toBe('soon');
  });
});

describe('historyCoverage', () => {
  it('is 100 with no gaps when one item covers the whole window', () => {
    const coverage = historyCoverage([{ start: '2014-07', end: '2024-07' }], JULY_2024);
    expect(coverage).toEqual({ window: WINDOW, totalMonths: 121, coveredMonths: 121, percent: 100, gaps: [] });
  });

  it('is 0 with the whole window as one gap when there are no items', () => {
    const coverage = historyCoverage([], JULY_2024);
    expect(coverage).toEqual({ window: WINDOW, totalMonths: 121, coveredMonths: 0, percent: 0, gaps: [WINDOW] });
  });

  it('counts overlapping months once', () => {
    const coverage = historyCoverage(
      [
        { start: '2014-07', end: '2020-06' },
        { start: '2018-01', end: '2024-07' },
        { start: '2016-01', end: '2016-12' },
      ],
      JULY_2024,
    );
    expect(coverage.coveredMonths).toBe(121);
    expect(coverage.percent).toBe(100);
    expect(coverage.gaps).toEqual([]);
  });

  it('clips items that reach outside the window', () => {
    const coverage = historyCoverage(
      [
        { start: '2005-01', end: '2015-06' },
        { start: '2023-01', end: '2030-12' },
        { start: '1990-01', end: '2000-01' },
        { start: '2026-01', end: '2027-01' },
      ],
      JULY_2024,
    );
    // 2014-07..2015-06 is 12 months, 2023-01..2024-07 is 19 months.
    expect(coverage.coveredMonths).toBe(31);
    expect(coverage.gaps).toEqual([{ start: '2015-07', end: '2022-12' }]);
    expect(coverage.percent).toBe(Math.floor((31 * 100) / 121));
  });

  it('lists gaps at the start, in the middle and at the end, oldest first, whatever the item order', () => {
    const coverage = historyCoverage(
      [
        { start: '2019-01', end: '2023-12' },
        { start: '2015-01', end: '2017-12' },
      ],
      JULY_2024,
    );
    expect(coverage.gaps).toEqual([
      { start: '2014-07', end: '2014-12' },
      { start: '2018-01', end: '2018-12' },
      { start: '2024-01', end: '2024-07' },
    ]);
    expect(coverage.gaps.reduce((sum, gap) => sum + monthsBetween(gap), 0) + coverage.coveredMonths).toBe(121);
    expect(coverage.coveredMonths).toBe(36 + 60);
  });

  it('lists a one-month gap', () => {
    const coverage = historyCoverage(
      [
        { start: '2014-07', end: '2019-02' },
        { start: '2019-04', end: '2024-07' },
      ],
      JULY_2024,
    );
    expect(coverage.gaps).toEqual([{ start: '2019-03', end: '2019-03' }]);
    expect(coverage.coveredMonths).toBe(120);
  });

  it('leaves no gap between an item ending in March and one starting in April', () => {
    const coverage = historyCoverage(
      [
        { start: '2020-04', end: '2024-07' },
        { start: '2014-07', end: '2020-03' },
      ],
      JULY_2024,
    );
    expect(coverage.gaps).toEqual([]);
    expect(coverage.percent).toBe(100);
  });

  it('mixes date and month inputs', () => {
    const coverage = historyCoverage(
      [
        { start: '2014-07-20', end: '2018-03' },
        { start: '2018-04', end: '2021-09-01' },
        { start: '2021-10-31', end: '2024-07-02' },
      ],
      JULY_2024,
    );
    expect(coverage.gaps).toEqual([]);
    expect(coverage.coveredMonths).toBe(121);
  });

  it('ignores malformed, empty, half-typed and reversed items without throwing', () => {
    const items: DatedItem[] = [
      {},
      { start: null, end: null },
      { start: '', end: '' },
      { start: '2015-01' },
      { end: '2016-01' },
      { start: '2015-01', end: '' },
      { start: '2015-13', end: '2016-01' },
      { start: '201', end: '2016-01' },
      { start: '2015-01-01', end: '2016-02-30' },
      { start: '2020-05', end: '2020-04' },
      { start: '2020-05-02', end: '2020-05-01' },
      { start: '2017-01', end: '2017-01' },
    ];
    const coverage = historyCoverage(items, JULY_2024);
    expect(coverage.coveredMonths).toBe(1);
    expect(coverage.gaps).toEqual([
      { start: '2014-07', end: '2016-12' },
      { start: '2017-02', end: '2024-07' },
    ]);
    expect(coverage.percent).toBe(0);
  });

  it('counts an item that starts and ends within one month', () => {
    expect(historyCoverage([{ start: '2020-05-02', end: '2020-05-31' }], JULY_2024).coveredMonths).toBe(1);
    expect(historyCoverage([{ start: '2020-05-02', end: '2020-05-02' }], JULY_2024).coveredMonths).toBe(1);
    expect(historyCoverage([{ start: '2020-05-20', end: '2020-05' }], JULY_2024).coveredMonths).toBe(1);
    expect(historyCoverage([{ start: '2020-05', end: '2020-05-01' }], JULY_2024).coveredMonths).toBe(1);
  });

  it('floors the percent, so 120 of 121 months shows 99, never a false 100', () => {
    const coverage = historyCoverage([{ start: '2014-08', end: '2024-07' }], JULY_2024);
    expect(coverage.coveredMonths).toBe(120);
    expect(coverage.percent).toBe(99);
    expect(coverage.gaps).toEqual([{ start: '2014-07', end: '2014-07' }]);
  });

  it('floors small shares too', () => {
    // 61 / 121 = 50.41 %
    expect(historyCoverage([{ start: '2014-07', end: '2019-07' }], JULY_2024).percent).toBe(50);
    // 1 / 121 = 0.83 %
    expect(historyCoverage([{ start: '2024-07', end: '2024-07' }], JULY_2024).percent).toBe(0);
  });

  it('computes a January window across the year boundary', () => {
    const january = new Date(2025, 0, 10);
    const coverage = historyCoverage(
      [
        { start: '2015-01', end: '2024-11' },
        { start: '2024-12-15', end: '2025-01-05' },
      ],
      january,
    );
    expect(coverage.window).toEqual({ start: '2015-01', end: '2025-01' });
    expect(coverage.totalMonths).toBe(121);
    expect(coverage.percent).toBe(100);
    expect(historyCoverage([{ start: '2015-01', end: '2024-11' }], january).gaps).toEqual([{ start: '2024-12', end: '2025-01' }]);
  });

  it('computes a December window', () => {
    const december = new Date(2024, 11, 1);
    const coverage = historyCoverage([{ start: '2014-12', end: '2024-11' }], december);
    expect(coverage.window).toEqual({ start: '2014-12', end: '2024-12' });
    expect(coverage.gaps).toEqual([{ start: '2024-12', end: '2024-12' }]);
    expect(coverage.percent).toBe(99);
  });

  it('does not change the items it is given', () => {
    const items = Object.freeze([Object.freeze({ start: '2020-01', end: '2021-01' }), Object.freeze({ start: '2015-01', end: '2016-01' })]);
    expect(() => historyCoverage(items, JULY_2024)).not.toThrow();
    expect(items[0]).toEqual({ start: '2020-01', end: '2021-01' });
  });
});
