import type {
  CtcPeriod,
  EnrolmentStatus,
  OfferKindMade,
  OfferState,
  PolicyParams,
  PolicyRuleKind,
} from '@placely/contract';

/**
 * The policy engine's vocabulary (docs/ARCHITECTURE.md "Policy and offers"). A rule module judges one kind of rule
 * on the student's facts in the cycle, read under the lock of their enrolment row (services/placement/policy.ts), for
 * one target: an opening they apply to, an offer being made to them, or an offer they accept.
 */
export type PolicyMoment = 'apply' | 'offer' | 'accept';

export interface Ctc {
  amount: number;
  currency: string;
  period: CtcPeriod;
}

/** One of the student's offers in the cycle (the offer being judged is left out). */
export interface OfferFact {
  id: string;
  openingId: string;
  /** As stored, except that a pending offer past its deadline reads as lapsed (check on read). */
  status: OfferState;
  kind: OfferKindMade;
  ctc: Ctc;
  decidedAt: Date | null;
}

export interface PolicyFacts {
  now: Date;
  enrolment: { id: string; status: EnrolmentStatus; enrolledAt: Date; absences: number };
  /** Rounds the student booked and was marked absent from since enrolling (countAbsences); null when not read. */
  roundAbsences: number | null;
  offers: OfferFact[];
}

export interface PolicyTarget {
  moment: PolicyMoment;
  openingId: string;
  /** The opening's CTC as the cell approved it (apply), or the offer's (offer, accept); null when unknown. */
  ctc: Ctc | null;
}

/**
 * One kind of rule: when it is judged, whether it needs the absences read, and its check, which answers null (the
 * rule allows it) or the refusal in the student's words (the contract's POLICY_REFUSAL_MESSAGES). Its parameters'
 * schema and description are the contract's (POLICY_PARAMS_SCHEMAS, describePolicyRule).
 */
export interface RuleModule<K extends PolicyRuleKind = PolicyRuleKind> {
  kind: K;
  moments: readonly PolicyMoment[];
  needsAbsences?: boolean;
  check(params: PolicyParams[K], facts: PolicyFacts, target: PolicyTarget): string | null;
  /**
   * A rule that only delays the next application says so in words for the verdict's note on accepting an offer
   * (services/placement/policy.ts `acceptingNoteOf` judges the rest past any such wait).
   */
  waitAfterAccepting?(params: PolicyParams[K]): string;
}

export const accepted = (facts: PolicyFacts) => facts.offers.filter((offer) => offer.status === 'accepted');
export const held = (facts: PolicyFacts) =>
  facts.offers.filter((offer) => offer.status === 'accepted' || offer.status === 'pending');
