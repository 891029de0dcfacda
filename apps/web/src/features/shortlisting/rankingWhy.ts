import type { RankedCandidate } from '@placely/contract';

/** How many terms the server's one-line why names: the two largest positive contributions (ranking.ts `whyOf`). */
const NAMED_IN_WHY = 2;

/**
 * How many of the recipe's terms the one-line why leaves out (issue 40 defect 5: "70.5" read against a score of
 * 86.13 did not add up). Zero when the line is about a pin or a knock-out, or no term scores anything.
 */
export function termsNotInWhy(candidate: Pick<RankedCandidate, 'explanation' | 'knockouts' | 'pin'>): number {
  if (candidate.pin || candidate.knockouts.length > 0) return 0;
  const named = Math.min(
    NAMED_IN_WHY,
    candidate.explanation.filter((term) => term.contribution !== null && term.contribution > 0).length,
  );
  // "Scores nothing on the recipe's criteria" names no term, and no term adds anything.
  return named === 0 ? 0 : candidate.explanation.length - named;
}
