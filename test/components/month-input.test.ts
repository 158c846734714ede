import { describe, expect, it } from 'vitest';
import { monthToText, textToMonth } from '../../src/features/step-form/month-input.ts';

describe('the MM/YYYY fallback for browsers without a month picker (decision 16)', () => {
  it.each([
    ['2024-07', '07/2024'],
    ['', ''],
    ['07/20', '07/20'],
  ])('shows %s as %s', (value, text) => {
    expect(monthToText(value)).toBe(text);
  });

  it.each([
    ['07/2024', '2024-07'],
    ['7/2024', '2024-07'],
    [' 12 / 2019 ', '2019-12'],
    ['07-2014', '2014-07'],
    ['07/20', '07/20'],
    ['July 2024', 'July 2024'],
  ])('stores %s as %s', (text, value) => {
    expect(textToMonth(text)).toBe(value);
  });

  it('round-trips every month of a year', () => {
    for (let month = 1; month <= 12; month += 1) {
      const value = `2023-${String(month).padStart(2, '0')}`;
      expect(textToMonth(monthToText(value))).toBe(value);
    }
  });
});
