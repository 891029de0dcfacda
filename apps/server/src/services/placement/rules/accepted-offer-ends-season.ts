import { POLICY_REFUSAL_MESSAGES } from '@placely/contract';
import { accepted, type RuleModule } from './types';

/** Once the student accepted an offer they take no further part (job cycles; internship cycles leave it out). */
export const acceptedOfferEndsSeason: RuleModule<'acceptedOfferEndsSeason'> = {
  kind: 'acceptedOfferEndsSeason',
  moments: ['apply', 'offer', 'accept'],
  check(_params, facts) {
    return accepted(facts).length > 0 ? POLICY_REFUSAL_MESSAGES.seasonEnded() : null;
  },
};
