import type { RuleModule } from './types';

/**
 * What reneging and a rescinded offer do to the student's status in the cycle. It refuses nothing: the offers
 * service reads its parameters when an accepted offer ends (services/placement/offers.ts `statusAfterEnding`).
 */
export const offerOutcomes: RuleModule<'offerOutcomes'> = {
  kind: 'offerOutcomes',
  moments: [],
  check: () => null,
};
