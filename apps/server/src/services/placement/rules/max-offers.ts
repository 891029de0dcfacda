import { POLICY_REFUSAL_MESSAGES } from '@placely/contract';
import { accepted, held, type RuleModule } from './types';

/** At most `max` offers per student: accepted ones, or every offer still held (accepted or awaiting an answer). */
export const maxOffers: RuleModule<'maxOffers'> = {
  kind: 'maxOffers',
  moments: ['apply', 'offer', 'accept'],
  check({ max, counting }, facts, target) {
    const counted = (counting === 'accepted' ? accepted(facts) : held(facts)).length;
    if (target.moment === 'offer') {
      // A new offer adds to what the student holds; accepted-only counting is judged when they accept.
      const holding = held(facts).length;
      return counting === 'held' && holding >= max ? POLICY_REFUSAL_MESSAGES.maxOffersOffer(holding, max) : null;
    }
    if (target.moment === 'accept') {
      // Accepting moves one held offer to accepted: only the accepted count can grow.
      const n = accepted(facts).length;
      return counting === 'accepted' && n >= max ? POLICY_REFUSAL_MESSAGES.maxOffersApply(n, max, counting) : null;
    }
    return counted >= max ? POLICY_REFUSAL_MESSAGES.maxOffersApply(counted, max, counting) : null;
  },
};
