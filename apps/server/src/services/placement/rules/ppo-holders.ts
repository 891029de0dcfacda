import { annualCtc, formatAnnualCtc, POLICY_REFUSAL_MESSAGES } from '@placely/contract';
import { accepted, type RuleModule } from './types';

/** A student who accepted a pre-placement offer: out of the cycle, or only openings paying at least the minimum. */
export const ppoHolders: RuleModule<'ppoHolders'> = {
  kind: 'ppoHolders',
  moments: ['apply', 'offer', 'accept'],
  check({ mode, minAnnualCtc, currency }, facts, target) {
    if (!accepted(facts).some((offer) => offer.kind === 'ppo')) return null;
    if (mode === 'barred' || minAnnualCtc === null || currency === null) return POLICY_REFUSAL_MESSAGES.ppoBarred();
    const ctc = target.ctc;
    const pays = ctc !== null && ctc.currency === currency && annualCtc(ctc.amount, ctc.period) >= minAnnualCtc;
    return pays ? null : POLICY_REFUSAL_MESSAGES.ppoMinimum(formatAnnualCtc(minAnnualCtc, currency));
  },
};
