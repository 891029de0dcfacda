import type { Eligibility } from './opening';

// Without zod, so the web's first load (the form's blocker screens and eligibility lines) reads them without the
// schemas; opening.ts adds the schemas and re-exports these.

/** Why a person may not apply; the form shows a clear screen for each. */
export const APPLY_BLOCKERS = [
  'notFound',
  'draft',
  'closed',
  'deadlinePassed',
  'capReached',
  'notEligible',
  'alreadyApplied',
  'notIndividual',
  // Placement season: an opening of a cycle is for the cycle's enrolled students (docs/ARCHITECTURE.md).
  'notInCycle',
  'cycleDebarred',
  'cycleOptedOut',
] as const;
export type ApplyBlocker = (typeof APPLY_BLOCKERS)[number];

export const ELIGIBILITY_RULES = [
  'minGrade',
  'allowedDegrees',
  'allowedBranches',
  'graduationYears',
  'maxBacklogs',
  'groupMembership',
  'verifiedEducation',
] as const;
export type EligibilityRule = (typeof ELIGIBILITY_RULES)[number];

/** What each blocker tells the person (the form's screens and the API's errors say the same). */
export const APPLY_BLOCKER_MESSAGES: Record<ApplyBlocker, string> = {
  notFound: 'This opening was not found. The link may be wrong, or the opening was removed.',
  draft: 'This opening is not published yet.',
  closed: 'This opening is closed and no longer accepts applications.',
  deadlinePassed: 'The deadline for this opening has passed.',
  capReached: 'This opening has received all the applications it accepts.',
  notEligible: "You do not meet this opening's eligibility rules.",
  alreadyApplied: 'You have already applied to this opening.',
  notIndividual: 'Only student (individual) accounts can apply to openings.',
  notInCycle:
    'This opening is part of a placement cycle you are not enrolled in. Sign in with the account your placement cell enrolled, or ask the cell to enrol you.',
  cycleDebarred: 'You are debarred from the placement cycle of this opening, so you cannot apply to it.',
  cycleOptedOut: 'You opted out of the placement cycle of this opening, so you cannot apply to it.',
};

/** One eligibility rule in words, e.g. "Minimum grade: 7". */
export function describeEligibilityRule(rule: EligibilityRule, eligibility: Eligibility): string {
  switch (rule) {
    case 'minGrade':
      return `Minimum grade: ${eligibility.minGrade}`;
    case 'allowedDegrees':
      return `Degree: ${eligibility.allowedDegrees.join(', ')}`;
    case 'allowedBranches':
      return `Branch: ${eligibility.allowedBranches.join(', ')}`;
    case 'graduationYears':
      return `Graduating in ${eligibility.graduationYears.join(', ')}`;
    case 'maxBacklogs':
      return eligibility.maxBacklogs === 0
        ? 'No current backlogs'
        : `At most ${eligibility.maxBacklogs} current backlogs`;
    case 'groupMembership':
      return eligibility.groupIds.length === 1
        ? "Member of the organization's group"
        : "Member of one of the organization's groups";
    case 'verifiedEducation':
      return 'Education verified by a verification group';
  }
}

/** The rules an opening sets, in order (for showing eligibility before the applicant starts). */
export function activeEligibilityRules(eligibility: Eligibility): EligibilityRule[] {
  return ELIGIBILITY_RULES.filter((rule) => {
    if (rule === 'groupMembership') return eligibility.groupIds.length > 0;
    if (rule === 'verifiedEducation') return eligibility.verifiedEducationOnly;
    const value = eligibility[rule];
    return Array.isArray(value) ? value.length > 0 : value !== null;
  });
}
