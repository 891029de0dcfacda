import * as z from './zod';

/**
 * Placement season — what every form page and offer carries of the policy engine (issue 41): the kinds of rule, the
 * gates, and a student's verdict. Apart from the rules' parameters, descriptions and the cell's shapes
 * (placement-policy.ts) because the application and offer shapes, which most of the web app loads, need only these:
 * kept together, the policy editor's schemas rode along in the chunk every signed-in page shares.
 */

export const POLICY_RULE_KINDS = [
  'maxOffers',
  'ctcTiers',
  'acceptedOfferEndsSeason',
  'gapAfterAccepting',
  'ppoHolders',
  'debarAfterAbsences',
  'offerOutcomes',
] as const;
export type PolicyRuleKind = (typeof POLICY_RULE_KINDS)[number];

/** What stands in the way besides the rules: the student's place in the cycle and the cell's approval of the opening. */
export const POLICY_GATES = ['notEnrolled', 'optedOut', 'debarred', 'openingNotApproved', 'cycleClosed'] as const;
export type PolicyGate = (typeof POLICY_GATES)[number];
export const POLICY_GATE_MESSAGES: Record<PolicyGate, string> = {
  notEnrolled:
    "This opening is part of a placement cycle you are not enrolled in. Ask your college's placement cell to enrol you.",
  optedOut: 'You opted out of this placement cycle, so you cannot apply to its openings.',
  debarred: 'The placement cell has debarred you from this cycle.',
  openingNotApproved: 'The placement cell has not approved this opening for its students yet.',
  cycleClosed: 'This placement cycle is closed.',
};

export const policyRefusalSchema = z
  .object({
    /** A rule kind of the policy, or a gate (not enrolled, opted out, debarred, opening not approved, cycle closed). */
    rule: z.enum([...POLICY_RULE_KINDS, ...POLICY_GATES]),
    /** The rule's label, for a heading. */
    label: z.string(),
    /** Why, in the student's words. */
    message: z.string(),
  })
  .meta({ id: 'PolicyRefusal' });
export type PolicyRefusal = z.infer<typeof policyRefusalSchema>;

export const policyRuleViewSchema = z
  .object({ kind: z.enum(POLICY_RULE_KINDS), label: z.string(), description: z.string() })
  .meta({ id: 'PolicyRuleView' });
export type PolicyRuleView = z.infer<typeof policyRuleViewSchema>;

/** A student's standing under a cycle's policy for one opening: shown before they fill anything in. */
export const policyVerdictSchema = z
  .object({
    cycleId: z.string(),
    cycleName: z.string(),
    openingId: z.string(),
    allowed: z.boolean(),
    refusals: z.array(policyRefusalSchema),
    /** Rules that would refuse but an exception the cell granted sets aside. */
    waived: z.array(policyRefusalSchema.extend({ exceptionReason: z.string() })),
    /** Every rule of the policy in words. */
    rules: z.array(policyRuleViewSchema),
    /**
     * On a verdict that lets the student apply: the opening's tier (when the policy has tiers by CTC) and what
     * accepting an offer here would mean under the policy, in words ("This opening is in tier Dream. If you accept an
     * offer here you can no longer apply in this cycle."). Null when the verdict refuses or the policy says nothing
     * about it.
     */
    acceptingNote: z.object({ tier: z.string().nullable(), message: z.string() }).nullable(),
  })
  .meta({ id: 'PolicyVerdict' });
export type PolicyVerdict = z.infer<typeof policyVerdictSchema>;
