import type { ScoreTerm } from '@placely/contract';
import { describe, expect, it } from 'vitest';
import { termsNotInWhy } from './rankingWhy';

const term = (index: number, contribution: number | null): ScoreTerm => ({
  index,
  kind: 'numberAnswer',
  label: `Term ${index}`,
  raw: '1',
  normalised: contribution === null ? null : contribution / 100,
  weight: 1,
  contribution,
});

describe('termsNotInWhy', () => {
  it('counts every term beyond the two the line names, hidden and zero ones included', () => {
    const explanation = [term(0, 40), term(1, 30.5), term(2, 10), term(3, 0), term(4, null)];
    expect(termsNotInWhy({ explanation, knockouts: [], pin: null })).toBe(3);
  });

  it('is zero when the line names every term', () => {
    expect(termsNotInWhy({ explanation: [term(0, 40), term(1, 30)], knockouts: [], pin: null })).toBe(0);
  });

  it('is zero when no term scores anything (the line says so)', () => {
    expect(termsNotInWhy({ explanation: [term(0, 0), term(1, null)], knockouts: [], pin: null })).toBe(0);
  });

  it('is zero for a knock-out or a pin, whose line names no terms', () => {
    const explanation = [term(0, 40), term(1, 30), term(2, 10)];
    expect(termsNotInWhy({ explanation, knockouts: ['Grade below 60%'], pin: null })).toBe(0);
    const pin = { direction: 'top' as const, reason: 'Referral', by: { id: 1, name: 'A' }, at: '2026-01-01' };
    expect(termsNotInWhy({ explanation, knockouts: [], pin })).toBe(0);
  });
});
