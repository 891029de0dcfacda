import { annualCtc, POLICY_REFUSAL_MESSAGES, type PolicyParams, tierIndexOf } from '@placely/contract';
import { accepted, type Ctc, type RuleModule } from './types';

/** The tier (index, highest first) of a CTC; an unknown CTC or one in another currency is in the lowest. */
export const tierOf = (params: PolicyParams['ctcTiers'], ctc: Ctc | null) =>
  tierIndexOf(params, ctc ? { annual: annualCtc(ctc.amount, ctc.period), currency: ctc.currency } : null);

/**
 * Tiers by CTC (highest first). A student holding an accepted offer is placed in its tier; with `onlyHigherTiers`
 * they may go on only towards a strictly higher tier, and only `maxUpgrades` times (every accepted offer after the
 * first is an upgrade). An opening without a CTC in the rule's currency is in the lowest tier.
 */
export const ctcTiers: RuleModule<'ctcTiers'> = {
  kind: 'ctcTiers',
  moments: ['apply', 'offer', 'accept'],
  check(params, facts, target) {
    const placed = accepted(facts);
    if (placed.length === 0) return null;
    if (placed.length - 1 >= params.maxUpgrades) return POLICY_REFUSAL_MESSAGES.noUpgradesLeft(params.maxUpgrades);
    if (!params.onlyHigherTiers) return null;
    const placedTier = Math.min(...placed.map((offer) => tierOf(params, offer.ctc)));
    const targetTier = tierOf(params, target.ctc);
    if (targetTier < placedTier) return null;
    const name = (index: number) => params.tiers[index]?.name ?? '?';
    return POLICY_REFUSAL_MESSAGES.tierNotHigher(name(placedTier), name(targetTier));
  },
};
