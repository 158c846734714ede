import { describe, expect, it } from 'vitest';
import { formatBudget, formatTable, formatValue, missedBudgets, verdictOf, type Figure } from '../../bench/figures.ts';

const figure = (value: Figure['value'], budget?: Figure['budget'], unit: Figure['unit'] = 'ms'): Figure => ({ id: 'x', label: 'X', unit, value, budget });

describe('verdictOf', () => {
  it('checks each kind of budget at and around its limit', () => {
    expect(verdictOf(figure(100, { atMost: 100 }))).toBe('pass');
    expect(verdictOf(figure(100.5, { atMost: 100 }))).toBe('fail');
    expect(verdictOf(figure(15.9, { below: 16 }))).toBe('pass');
    expect(verdictOf(figure(16, { below: 16 }))).toBe('fail');
    expect(verdictOf(figure(95, { atLeast: 95 }))).toBe('pass');
    expect(verdictOf(figure(94, { atLeast: 95 }))).toBe('fail');
    expect(verdictOf(figure(100, { equals: 100 }))).toBe('pass');
    expect(verdictOf(figure(99, { equals: 100 }))).toBe('fail');
    expect(verdictOf(figure(true, { equals: true }, 'yes/no'))).toBe('pass');
    expect(verdictOf(figure(false, { equals: true }, 'yes/no'))).toBe('fail');
  });

  it('fails a budget that could not be measured, and has no verdict without a budget', () => {
    expect(verdictOf(figure(null, { atMost: 1 }))).toBe('fail');
    expect(verdictOf(figure(12))).toBe('n/a');
    expect(verdictOf(figure(true, { atMost: 1 }, 'yes/no'))).toBe('fail');
  });

  it('lists only the missed budgets', () => {
    const met = { ...figure(1, { atMost: 2 }), id: 'met' };
    const missed = { ...figure(3, { atMost: 2 }), id: 'missed' };
    expect(missedBudgets([met, missed, figure(5)]).map((item) => item.id)).toEqual(['missed']);
  });
});

describe('formatting', () => {
  it('shows bytes in KB of 1000 bytes, times in ms, ratios, yes/no and a missing value', () => {
    expect(formatValue(102_400, 'bytes')).toBe('102.4 KB');
    expect(formatValue(3.14159, 'ms')).toBe('3.14 ms');
    expect(formatValue(31.25, 'ms')).toBe('31.3 ms');
    expect(formatValue(1 / 3, 'ratio')).toBe('0.33×');
    expect(formatValue(true, 'yes/no')).toBe('yes');
    expect(formatValue(null, 'score')).toBe('—');
    expect(formatBudget({ atMost: 25_000 }, 'bytes')).toBe('≤ 25.0 KB');
    expect(formatBudget({ equals: true }, 'yes/no')).toBe('= yes');
    expect(formatBudget(undefined, 'ms')).toBe('');
  });

  it('prints one aligned row per figure with its verdict, then the notes', () => {
    const table = formatTable([
      { id: 'a', label: 'Next → painted', unit: 'ms', value: 12, budget: { below: 16 }, note: 'over 78 transitions' },
      { id: 'b', label: 'PDF', unit: 'ms', value: 120, budget: { below: 100 } },
    ]);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^figure\s+value\s+budget\s+result$/);
    expect(lines[2]).toMatch(/^Next → painted\s+12\.0 ms\s+< 16\.0 ms\s+pass$/);
    expect(lines[3]).toMatch(/^PDF\s+120\.0 ms\s+< 100\.0 ms\s+fail$/);
    expect(lines[2]!.indexOf('12.0 ms')).toBe(lines[3]!.indexOf('120.0 ms'));
    expect(table).toContain('notes:\n  Next → painted: over 78 transitions');
  });
});
