import { describe, expect, it } from 'vitest';
import { formatCtc } from './ctc';

describe('formatCtc', () => {
  it('writes the amount in the currency with its period', () => {
    expect(formatCtc(1_200_000, 'INR', 'year', 'en-IN')).toBe('₹12,00,000 per year');
    expect(formatCtc(40_000, 'USD', 'month', 'en-US')).toBe('$40,000 per month');
  });
  it('writes an unknown currency code out', () => {
    expect(formatCtc(5000, 'ZZZ', 'total', 'en-US')).toMatch(/ZZZ\s?5,000 in total/);
  });
});
