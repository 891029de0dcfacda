import { EMPTY_ELIGIBILITY } from '@placely/contract';
import { describe, expect, it } from 'vitest';
import { type EligibilityFacts, failedEligibilityRules } from './eligibility';

const facts = (data: EligibilityFacts['data'], extra: Partial<EligibilityFacts> = {}): EligibilityFacts => ({
  data,
  memberGroupIds: [],
  verifiedData: null,
  ...extra,
});

describe('failedEligibilityRules', () => {
  it('passes everyone when there are no rules', () => {
    expect(failedEligibilityRules(EMPTY_ELIGIBILITY, facts({}))).toEqual([]);
  });

  it('names each failed rule, treating missing data as failing', () => {
    const rules = {
      ...EMPTY_ELIGIBILITY,
      minGrade: 7,
      allowedDegrees: ['B.Tech'],
      allowedBranches: ['Computer Science'],
      graduationYears: [2026],
      maxBacklogs: 0,
    };
    expect(
      failedEligibilityRules(
        rules,
        facts({
          grade: 8.1,
          degree: 'b.tech',
          branch: 'Computer Science ',
          graduationYear: 2026,
          currentBacklogs: 0,
        }),
      ),
    ).toEqual([]);
    expect(
      failedEligibilityRules(
        rules,
        facts({
          grade: '6.5',
          degree: 'M.Sc',
          branch: 'Mathematics',
          graduationYear: 2025,
          currentBacklogs: 2,
        }),
      ),
    ).toEqual(['minGrade', 'allowedDegrees', 'allowedBranches', 'graduationYears', 'maxBacklogs']);
    expect(failedEligibilityRules(rules, facts({}))).toEqual([
      'minGrade',
      'allowedDegrees',
      'allowedBranches',
      'graduationYears',
      'maxBacklogs',
    ]);
  });

  it('admits only members of the named groups, and only verified education when asked', () => {
    const rules = { ...EMPTY_ELIGIBILITY, groupIds: ['g1', 'g2'], verifiedEducationOnly: true };
    expect(failedEligibilityRules(rules, facts({}))).toEqual(['groupMembership', 'verifiedEducation']);
    expect(failedEligibilityRules(rules, facts({}, { memberGroupIds: ['g2'], verifiedData: {} }))).toEqual([]);
    expect(failedEligibilityRules(rules, facts({}, { memberGroupIds: ['other'] }))).toEqual([
      'groupMembership',
      'verifiedEducation',
    ]);
  });

  it('judges the values on the verified education when the opening asks for it, whatever the person typed', () => {
    const rules = { ...EMPTY_ELIGIBILITY, minGrade: 7, allowedBranches: ['CSE'], verifiedEducationOnly: true };
    const typed = { grade: 8.6, branch: 'CSE' };
    const verified = { grade: 6.8, gradeScale: 'CGPA_10' as const, branch: 'ECE' };
    expect(failedEligibilityRules(rules, facts(typed, { verifiedData: verified }))).toEqual([
      'minGrade',
      'allowedBranches',
    ]);
    expect(failedEligibilityRules(rules, facts({ grade: 5 }, { verifiedData: typed }))).toEqual([]);
    // Without a verified education the opening is failed on it; the values say what else stands in the way.
    expect(failedEligibilityRules(rules, facts(typed))).toEqual(['verifiedEducation']);
    // An opening that does not ask for verification judges what the person entered.
    const open = { ...rules, verifiedEducationOnly: false };
    expect(failedEligibilityRules(open, facts(typed, { verifiedData: verified }))).toEqual([]);
  });

  it('treats rules stored before groups and verification existed as off', () => {
    const legacy = { minGrade: null, allowedDegrees: [], allowedBranches: [], graduationYears: [], maxBacklogs: null };
    expect(failedEligibilityRules(legacy as never, facts({}))).toEqual([]);
  });
});
