import type { PolicyRuleKind } from '@placely/contract';
import { acceptedOfferEndsSeason } from './accepted-offer-ends-season';
import { ctcTiers } from './ctc-tiers';
import { debarAfterAbsences } from './debar-after-absences';
import { gapAfterAccepting } from './gap-after-accepting';
import { maxOffers } from './max-offers';
import { offerOutcomes } from './offer-outcomes';
import { ppoHolders } from './ppo-holders';
import type { RuleModule } from './types';

/**
 * The registry of rule kinds: adding a kind is its module here plus its parameters, description and messages in the
 * contract (packages/contract/src/placement-policy.ts). The type makes a kind without a module fail to compile.
 */
export const RULES: { [K in PolicyRuleKind]: RuleModule<K> } = {
  maxOffers,
  ctcTiers,
  acceptedOfferEndsSeason,
  gapAfterAccepting,
  ppoHolders,
  debarAfterAbsences,
  offerOutcomes,
};

export type { Ctc, OfferFact, PolicyFacts, PolicyMoment, PolicyTarget, RuleModule } from './types';
