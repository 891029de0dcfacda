import { EMPTY_ELIGIBILITY } from '@placely/contract';
import { describe, expect, it } from 'vitest';
import { failedEligibilityRules } from './eligibility';

describe('failedEligibilityRules', () => {
  it('passes everyone when there are no rules', () => {
    expect(failedEligibilityRules(EMPTY_ELIGIBILITY, {})).toEqual([]);
  });

  it('names each failed rule, treating missing data as failing', () => {
    const rules = {
      minGrade: 7,
      allowedDegrees: ['B.Tech'],
      allowedBranches: ['Computer Science'],
      graduationYears: [2026],
      maxBacklogs: 0,
    };
    expect(
      failedEligibilityRules(rules, {
        grade: 8.1,
        degree: 'b.tech',
        branch: 'Computer Science ',
        graduationYear: 2026,
        currentBacklogs: 0,
      }),
    ).toEqual([]);
    expect(
      failedEligibilityRules(rules, {
        grade: '6.5',
        degree: 'M.Sc',
        branch: 'Mathematics',
        graduationYear: 2025,
        currentBacklogs: 2,
      }),
    ).toEqual(['minGrade', 'allowedDegrees', 'allowedBranches', 'graduationYears', 'maxBacklogs']);
    expect(failedEligibilityRules(rules, {})).toEqual([
      'minGrade',
      'allowedDegrees',
      'allowedBranches',
      'graduationYears',
      'maxBacklogs',
    ]);
  });
});
