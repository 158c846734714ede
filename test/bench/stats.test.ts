import { describe, expect, it } from 'vitest';
import { median, percentile } from '../../bench/stats.ts';

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([3])).toBe(3);
  });

  it('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('does not reorder the caller’s array', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('refuses no values and values that are not finite numbers', () => {
    expect(() => median([])).toThrow(/No values/);
    expect(() => median([1, Number.NaN])).toThrow(/finite/);
  });
});

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => 100 - index);

  it('is the value with p percent of the values at or below it', () => {
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 50)).toBe(50);
  });

  it('rounds the rank up on small samples, so p95 of 10 values is the largest', () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
  });

  it('refuses a percentile outside (0, 100]', () => {
    expect(() => percentile([1], 0)).toThrow(/percentile/);
    expect(() => percentile([1], 101)).toThrow(/percentile/);
  });
});
