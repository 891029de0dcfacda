import { EMPTY_ELIGIBILITY } from '@placely/contract';
import { describe, expect, it } from 'vitest';
import {
  deadlineDistance,
  describeEligibility,
  formatCompensation,
  formatDateTime,
  formatDeadline,
  formatLocations,
  listInWords,
} from './describe';

describe('describing an opening', () => {
  it('lists in words', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['B.Tech'])).toBe('B.Tech');
    expect(listInWords([2025, 2026, 2027])).toBe('2025, 2026 or 2027');
  });

  it('says each eligibility rule', () => {
    expect(describeEligibility(EMPTY_ELIGIBILITY)).toEqual([]);
    const rules = describeEligibility({
      ...EMPTY_ELIGIBILITY,
      minGrade: 7,
      allowedDegrees: ['B.Tech', 'M.Tech'],
      allowedBranches: [],
      graduationYears: [2026],
      maxBacklogs: 0,
    });
    expect(rules.map((r) => r.text)).toEqual([
      'Minimum grade: 7',
      'Degree: B.Tech, M.Tech',
      'Graduating in 2026',
      'No current backlogs',
    ]);
  });

  it('formats compensation and places', () => {
    expect(formatCompensation(null)).toBeNull();
    expect(formatCompensation({ min: 20000, max: 30000, currency: 'INR', period: 'month' }, 'en-IN')).toBe(
      '₹20,000–₹30,000 a month',
    );
    expect(formatCompensation({ min: null, max: 40, currency: 'USD', period: 'hour' }, 'en-US')).toBe(
      'Up to $40 an hour',
    );
    expect(formatLocations(['Pune', 'Remote-first Bengaluru'], true)).toBe(
      'Pune or Remote-first Bengaluru · Remote possible',
    );
    expect(formatLocations([], true)).toBe('Remote');
  });

  it('writes deadlines with their time zone', () => {
    expect(formatDeadline('2030-03-12T12:00:00.000Z', 'en-GB')).toMatch(/^12 Mar 2030, \d{2}:\d{2} \S+/);
    expect(formatDateTime('2030-03-12T12:00:00.000Z', 'en-GB')).toMatch(/^12 Mar 2030, \d{2}:\d{2}$/);
    expect(formatDeadline('not a date')).toBe('not a date');
  });

  it('tells how long is left', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(deadlineDistance('2029-12-31T00:00:00Z', now)).toBe('Closed');
    expect(deadlineDistance('2030-01-04T01:00:00Z', now)).toBe('Closes in 3 days');
    expect(deadlineDistance('2030-01-01T05:00:00Z', now)).toBe('Closes in 5 h');
  });
});
