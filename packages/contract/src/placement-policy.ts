import { requiredText } from './common';
import {
  type CtcPeriod,
  ctcAmountSchema,
  currencySchema,
  PLACEMENT_LIMITS,
  reasonSchema,
  uuidSchema,
} from './placement';
import { POLICY_RULE_KINDS, type PolicyRuleKind } from './placement-verdict';
import * as z from './zod';

/**
 * Placement season — the policy engine's shapes (issue 41, docs/ARCHITECTURE.md "Policy and offers"). A cycle's
 * policy is a list of rules, each a kind with its parameters (stored in placement_cycles.policy). Every kind has its
 * parameters' schema, its plain-language description (what students see) and its refusal messages here, and one module
 * on the server (apps/server/src/services/placement/rules/) with its check. Adding a kind = one entry in each (and its
 * name in POLICY_RULE_KINDS, placement-verdict.ts).
 */

export const POLICY_RULE_LABELS: Record<PolicyRuleKind, string> = {
  maxOffers: 'Maximum offers per student',
  ctcTiers: 'Tiers by CTC',
  acceptedOfferEndsSeason: 'An accepted offer ends the season',
  gapAfterAccepting: 'Gap after accepting an offer',
  ppoHolders: 'Pre-placement offer (PPO) holders',
  debarAfterAbsences: 'Debarment after absences',
  offerOutcomes: 'Reneging and rescinded offers',
};

const count = (min: number, max: number) =>
  z
    .number({ message: 'Must be a number' })
    .int('Must be a whole number')
    .min(min, `Must be ${min} or more`)
    .max(max, `Must be at most ${max}`);

// Parameters, one schema per kind ------------------------------------------------------------------------------------

export const OFFER_COUNTINGS = ['accepted', 'held'] as const;
export const maxOffersParamsSchema = z.strictObject({
  max: count(1, 20),
  /** accepted: offers the student accepted; held: also those still waiting for their answer. */
  counting: z.enum(OFFER_COUNTINGS, { message: 'Choose which offers count' }),
});

export const policyTierSchema = z.strictObject({
  name: requiredText(40),
  /** The lowest annual CTC of the tier, in the rule's currency (a year's pay; a month's × 12). */
  minAnnualCtc: ctcAmountSchema,
});
export const ctcTiersParamsSchema = z
  .strictObject({
    currency: currencySchema,
    /** Highest tier first; the last tier starts at 0, so every CTC has a tier. */
    tiers: z.array(policyTierSchema).min(2, 'Give at least two tiers').max(10, 'At most 10 tiers'),
    /** A student who accepted an offer may apply only to openings of a higher tier than it. */
    onlyHigherTiers: z.boolean({ message: 'Must be true or false' }),
    /** How many times a placed student may move up (accept a higher-tier offer after the first). */
    maxUpgrades: count(0, 10),
  })
  .superRefine((params, ctx) => {
    const names = new Set<string>();
    params.tiers.forEach((tier, index) => {
      const key = tier.name.toLowerCase();
      if (names.has(key))
        ctx.addIssue({ code: 'custom', path: ['tiers', index, 'name'], message: 'Each tier needs its own name' });
      names.add(key);
      const previous = params.tiers[index - 1];
      if (previous && tier.minAnnualCtc >= previous.minAnnualCtc) {
        ctx.addIssue({
          code: 'custom',
          path: ['tiers', index, 'minAnnualCtc'],
          message: 'List tiers from the highest CTC down; each starts below the one before',
        });
      }
    });
    const last = params.tiers[params.tiers.length - 1];
    if (last && last.minAnnualCtc !== 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['tiers', params.tiers.length - 1, 'minAnnualCtc'],
        message: 'The lowest tier starts at 0, so every CTC has a tier',
      });
    }
  });

export const acceptedOfferEndsSeasonParamsSchema = z.strictObject({});

export const gapAfterAcceptingParamsSchema = z.strictObject({ days: count(1, 365) });

export const PPO_MODES = ['barred', 'minimumCtc'] as const;
export const ppoHoldersParamsSchema = z
  .strictObject({
    /** barred: a student who accepted a PPO takes no part; minimumCtc: only openings paying at least the amount. */
    mode: z.enum(PPO_MODES, { message: 'Choose what PPO holders may do' }),
    minAnnualCtc: ctcAmountSchema.nullable(),
    currency: currencySchema.nullable(),
  })
  .superRefine((params, ctx) => {
    if (params.mode === 'minimumCtc' && (params.minAnnualCtc === null || params.currency === null)) {
      ctx.addIssue({ code: 'custom', path: ['minAnnualCtc'], message: 'Give the lowest CTC and its currency' });
    }
  });

export const debarAfterAbsencesParamsSchema = z.strictObject({ maxAbsences: count(1, 50) });

export const RENEGE_OUTCOMES = ['debar', 'keepPlaced', 'release'] as const;
export const RESCIND_OUTCOMES = ['release', 'keepPlaced'] as const;
export const offerOutcomesParamsSchema = z.strictObject({
  /** A student who reneges on an accepted offer: debarred, still counted placed, or available again. */
  onRenege: z.enum(RENEGE_OUTCOMES, { message: 'Choose what reneging does' }),
  /** A student whose accepted offer the company rescinds: available again, or still counted placed. */
  onRescind: z.enum(RESCIND_OUTCOMES, { message: 'Choose what a rescinded offer does' }),
});

export const POLICY_PARAMS_SCHEMAS = {
  maxOffers: maxOffersParamsSchema,
  ctcTiers: ctcTiersParamsSchema,
  acceptedOfferEndsSeason: acceptedOfferEndsSeasonParamsSchema,
  gapAfterAccepting: gapAfterAcceptingParamsSchema,
  ppoHolders: ppoHoldersParamsSchema,
  debarAfterAbsences: debarAfterAbsencesParamsSchema,
  offerOutcomes: offerOutcomesParamsSchema,
} satisfies Record<PolicyRuleKind, z.ZodType>;

export type PolicyParams = { [K in PolicyRuleKind]: z.output<(typeof POLICY_PARAMS_SCHEMAS)[K]> };
export type TypedPolicyRule = { [K in PolicyRuleKind]: { kind: K; params: PolicyParams[K] } }[PolicyRuleKind];

const ruleOf = <K extends PolicyRuleKind>(kind: K) =>
  z.strictObject({ kind: z.literal(kind), params: POLICY_PARAMS_SCHEMAS[kind] });

export const typedPolicyRuleSchema = z
  .discriminatedUnion(
    'kind',
    [
      ruleOf('maxOffers'),
      ruleOf('ctcTiers'),
      ruleOf('acceptedOfferEndsSeason'),
      ruleOf('gapAfterAccepting'),
      ruleOf('ppoHolders'),
      ruleOf('debarAfterAbsences'),
      ruleOf('offerOutcomes'),
    ],
    { message: `Not a known kind of rule (${POLICY_RULE_KINDS.join(', ')})` },
  )
  .meta({ id: 'TypedPolicyRule' });

/** A cycle's whole policy: each kind at most once. */
export const cyclePolicySchema = z
  .array(typedPolicyRuleSchema)
  .max(POLICY_RULE_KINDS.length, `At most ${POLICY_RULE_KINDS.length} rules`)
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    rules.forEach((rule, index) => {
      if (seen.has(rule.kind)) {
        ctx.addIssue({ code: 'custom', path: [index, 'kind'], message: 'Each kind of rule may appear once' });
      }
      seen.add(rule.kind);
    });
  });

// Amounts in words ----------------------------------------------------------------------------------------------------

/** A year's pay from an amount and its period ('total' is taken as the whole engagement, i.e. as it stands). */
export function annualCtc(amount: number, period: CtcPeriod): number {
  return period === 'month' ? amount * 12 : amount;
}

/** "₹20 LPA" for rupees in lakhs, else "USD 120,000 a year". */
export function formatAnnualCtc(amount: number, currency: string): string {
  if (currency === 'INR') {
    if (amount >= 100_000) return `₹${Number((amount / 100_000).toFixed(2))} LPA`;
    return `₹${amount.toLocaleString('en-IN')} a year`;
  }
  return `${currency} ${amount.toLocaleString('en-US')} a year`;
}

/** The tier an annual CTC falls in (index into `tiers`, highest first); a CTC in another currency is the lowest. */
export function tierIndexOf(
  params: PolicyParams['ctcTiers'],
  ctc: { annual: number; currency: string } | null,
): number {
  const lowest = params.tiers.length - 1;
  if (!ctc || ctc.currency !== params.currency) return lowest;
  const index = params.tiers.findIndex((tier) => ctc.annual >= tier.minAnnualCtc);
  return index === -1 ? lowest : index;
}

// Descriptions: what students see ---------------------------------------------------------------------------------

/** One rule in the words students read on every opening of the cycle. */
export function describePolicyRule(rule: TypedPolicyRule): string {
  switch (rule.kind) {
    case 'maxOffers': {
      const { max, counting } = rule.params;
      const offers = max === 1 ? 'one offer' : `${max} offers`;
      return counting === 'accepted'
        ? `You may accept at most ${offers} in this cycle; once you have, you cannot apply to more openings.`
        : `You may hold at most ${offers} in this cycle (offers you have not answered yet count too); once you do, you cannot apply to more openings.`;
    }
    case 'ctcTiers': {
      const { tiers, currency, onlyHigherTiers, maxUpgrades } = rule.params;
      const bands = tiers
        .map((tier, index) =>
          index === tiers.length - 1
            ? `${tier.name} below ${formatAnnualCtc(tiers[index - 1]?.minAnnualCtc ?? 0, currency)}`
            : `${tier.name} from ${formatAnnualCtc(tier.minAnnualCtc, currency)}`,
        )
        .join(', ');
      const higher = onlyHigherTiers
        ? ' Once you have accepted an offer, you may apply only to openings in a higher tier than it'
        : ' Once you have accepted an offer, you may still apply to openings in any tier';
      const upgrades =
        maxUpgrades === 0
          ? ', and you may not accept another offer.'
          : `, and you may move up ${maxUpgrades === 1 ? 'once' : `${maxUpgrades} times`}.`;
      return `Openings are grouped in tiers by CTC: ${bands}.${higher}${upgrades}`;
    }
    case 'acceptedOfferEndsSeason':
      return 'Accepting an offer ends your season in this cycle: after that you cannot apply to its openings.';
    case 'gapAfterAccepting': {
      const { days } = rule.params;
      return `After accepting an offer you must wait ${days === 1 ? 'a day' : `${days} days`} before applying to another opening.`;
    }
    case 'ppoHolders': {
      const { mode, minAnnualCtc, currency } = rule.params;
      return mode === 'barred' || minAnnualCtc === null || currency === null
        ? 'Students who accepted a pre-placement offer (PPO) do not take part in this cycle.'
        : `Students who accepted a pre-placement offer (PPO) may apply only to openings paying at least ${formatAnnualCtc(minAnnualCtc, currency)}.`;
    }
    case 'debarAfterAbsences': {
      const { maxAbsences } = rule.params;
      return `Missing ${maxAbsences === 1 ? 'a round' : `${maxAbsences} rounds`} you booked (tests, interviews, group discussions) debars you from the rest of this cycle.`;
    }
    case 'offerOutcomes': {
      const renege = {
        debar: 'reneging on an accepted offer debars you from the rest of this cycle',
        keepPlaced: 'reneging on an accepted offer still counts you as placed',
        release: 'reneging on an accepted offer makes you available again',
      }[rule.params.onRenege];
      const rescind = {
        release: 'if a company rescinds your accepted offer you are available again',
        keepPlaced: 'if a company rescinds your accepted offer you still count as placed',
      }[rule.params.onRescind];
      return `In this cycle ${renege}; ${rescind}.`;
    }
  }
}

/** The words the policy's refusals use, one function per kind: the API's 403 and the form page say the same. */
export const POLICY_REFUSAL_MESSAGES = {
  maxOffersApply: (held: number, max: number, counting: (typeof OFFER_COUNTINGS)[number]) =>
    `You already ${counting === 'accepted' ? 'accepted' : 'hold'} ${held === 1 ? 'an offer' : `${held} offers`}; this cycle's policy allows at most ${max}, so you cannot apply to more openings.`,
  maxOffersOffer: (held: number, max: number) =>
    `The student already has ${held === 1 ? 'an offer' : `${held} offers`} in this cycle; its policy allows at most ${max}.`,
  tierNotHigher: (placedTier: string, openingTier: string) =>
    `You accepted an offer in tier ${placedTier}; this opening is in tier ${openingTier}, and the policy lets you apply only to higher tiers.`,
  noUpgradesLeft: (upgrades: number) =>
    upgrades === 0
      ? 'You accepted an offer, and the policy allows no move to another tier.'
      : `You have used the ${upgrades === 1 ? 'one move' : `${upgrades} moves`} to a higher tier the policy allows.`,
  seasonEnded: () => 'You accepted an offer, and in this cycle an accepted offer ends your season.',
  gap: (days: number, until: string) =>
    `You accepted an offer recently; the policy asks you to wait ${days === 1 ? 'a day' : `${days} days`}, until ${until}, before applying again.`,
  ppoBarred: () => 'You accepted a pre-placement offer (PPO), and PPO holders do not take part in this cycle.',
  ppoMinimum: (minimum: string) =>
    `You accepted a pre-placement offer (PPO); PPO holders may apply only to openings paying at least ${minimum}.`,
  absences: (absences: number, max: number) =>
    `You were absent from ${absences === 1 ? 'a round' : `${absences} rounds`} you booked; the policy debars students after ${max}.`,
} as const;

/**
 * What accepting an offer at an opening would mean under the policy, in the student's words (the verdict's
 * `acceptingNote`, worked out by the engine: services/placement/policy.ts `acceptingNoteOf`).
 */
export const POLICY_ACCEPTING_NOTES = {
  inTier: (tier: string) => `This opening is in tier ${tier}.`,
  noMoreApplying: () => 'If you accept an offer here you can no longer apply in this cycle.',
  onlyTiers: (tiers: readonly string[]) =>
    `If you accept an offer here you may then apply only to openings in ${tiers.length === 1 ? 'tier' : 'tiers'} ${orList(tiers)}.`,
  anyTier: () => 'If you accept an offer here you may still apply to openings in any tier.',
  wait: (days: number) =>
    `After accepting an offer you must wait ${days === 1 ? 'a day' : `${days} days`} before applying again.`,
} as const;

function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

// Cell: the policy and exceptions ------------------------------------------------------------------------------------

/** ?openingId= of a cycle's opening (the student's "may I apply"; a company's offers of an opening). */
export const cycleOpeningQuerySchema = z.strictObject({ openingId: uuidSchema });

/** PUT /api/placement/cycles/policy */
export const savePolicyBodySchema = z.strictObject({ cycleId: uuidSchema, rules: cyclePolicySchema });

export const cyclePolicyViewSchema = z
  .object({
    cycleId: z.string(),
    rules: z.array(
      z.object({
        kind: z.enum(POLICY_RULE_KINDS),
        label: z.string(),
        description: z.string(),
        params: z.record(z.string(), z.unknown()),
      }),
    ),
    /** Every kind the engine knows, for the editor's "add a rule". */
    kinds: z.array(z.object({ kind: z.enum(POLICY_RULE_KINDS), label: z.string() })),
    /** What the caller may do here: change the policy (the cell's owners), grant exceptions (owners, coordinators). */
    abilities: z.object({ edit: z.boolean(), grantExceptions: z.boolean() }),
  })
  .meta({ id: 'CyclePolicy' });
export type CyclePolicyView = z.infer<typeof cyclePolicyViewSchema>;

/** POST /api/placement/cycles/exceptions: one student, one rule (a gate like debarment is lifted by the cell). */
export const grantExceptionBodySchema = z.strictObject({
  cycleId: uuidSchema,
  enrolmentId: uuidSchema,
  ruleKind: z.enum(POLICY_RULE_KINDS, { message: 'Not a known kind of rule' }),
  /** Only for this opening; absent or null: every opening of the cycle. */
  openingId: uuidSchema.nullish(),
  reason: reasonSchema,
});

/** POST /api/placement/cycles/exceptions/revoke: the exception stops setting its rule aside; the reason is kept. */
export const revokeExceptionBodySchema = z.strictObject({
  cycleId: uuidSchema,
  exceptionId: uuidSchema,
  reason: reasonSchema,
});

export const POLICY_EXCEPTION_MESSAGES = {
  granted: 'Exception granted',
  revoked: 'Exception revoked',
  alreadyRevoked: 'This exception was revoked already.',
} as const;

export const policyExceptionSchema = z
  .object({
    id: z.string(),
    enrolmentId: z.string(),
    studentName: z.string().nullable(),
    studentEmail: z.string(),
    ruleKind: z.enum(POLICY_RULE_KINDS),
    ruleLabel: z.string(),
    openingId: z.string().nullable(),
    openingTitle: z.string().nullable(),
    reason: z.string(),
    grantedBy: z.string().nullable(),
    createdAt: z.string(),
    /** A revoked exception stays listed, with who revoked it, when and why; it no longer sets its rule aside. */
    revoked: z.object({ by: z.string().nullable(), at: z.string(), reason: z.string() }).nullable(),
    /** What the caller may do with it now: revoke it (owners and coordinators of the cell, while it stands). */
    abilities: z.object({ revoke: z.boolean() }),
  })
  .meta({ id: 'PolicyException' });
export type PolicyException = z.infer<typeof policyExceptionSchema>;

export const POLICY_LIMITS = { maxExceptionsListed: 500, reasonLength: PLACEMENT_LIMITS.reasonLength } as const;
