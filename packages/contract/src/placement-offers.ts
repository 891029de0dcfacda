import { isoDateSchema, isoDateTimeSchema, optionalText, requiredText } from './common';
import {
  CTC_PERIODS,
  ctcAmountSchema,
  currencySchema,
  OFFER_STATES,
  type OfferState,
  PLACEMENT_LIMITS,
  reasonSchema,
  uuidSchema,
} from './placement';
import { policyRefusalSchema } from './placement-verdict';
import * as z from './zod';

/**
 * Placement season — offers (issue 41, docs/ARCHITECTURE.md "Policy and offers"). Moving a candidate to the Offered
 * stage asks for the offer; the student accepts or declines before `respondBy`, after which it lapses. A company
 * withdraws a pending offer or rescinds an accepted one; a student reneges on one they accepted; each with a reason.
 * An accepted offer writes a placement entry on the student's profile, verified by the organization.
 */

export const OFFER_KINDS_MADE = ['full-time', 'internship', 'ppo'] as const;
export type OfferKindMade = (typeof OFFER_KINDS_MADE)[number];

export const OFFER_STATE_LABELS: Record<OfferState, string> = {
  pending: 'Waiting for an answer',
  accepted: 'Accepted',
  declined: 'Declined',
  lapsed: 'Lapsed (no answer in time)',
  withdrawn: 'Withdrawn by the company',
  reneged: 'Reneged by the student',
  rescinded: 'Rescinded by the company',
};

export const OFFER_LIMITS = {
  roleLength: 120,
  locationLength: 200,
  /** The shortest and longest time a student may be given to answer. */
  minRespondHours: 1,
  maxRespondDays: 60,
} as const;

export const ctcSchema = z.strictObject({
  // offers.ctc_amount is numeric(14, 2): below 10^12.
  amount: ctcAmountSchema.max(999_999_999_999, 'Too large'),
  currency: currencySchema,
  period: z.enum(CTC_PERIODS, { message: 'Choose per year, per month or in total' }),
});

/** POST /api/organization/offers: the offer made when a candidate moves to Offered. */
export const createOfferBodySchema = z.strictObject({
  applicationId: uuidSchema,
  role: requiredText(OFFER_LIMITS.roleLength),
  kind: z.enum(OFFER_KINDS_MADE, { message: 'Choose full-time, internship or PPO' }).default('full-time'),
  ctc: ctcSchema,
  location: optionalText(OFFER_LIMITS.locationLength),
  joiningDate: isoDateSchema.nullish().transform((value) => value ?? null),
  /** An uploaded PDF (purpose "application"), the company's own. */
  letterFileId: uuidSchema.nullish().transform((value) => value ?? null),
  respondBy: isoDateTimeSchema,
});
export type CreateOfferBody = z.input<typeof createOfferBodySchema>;

/** Withdraw (pending) or rescind (accepted): the company's reason is recorded and shown to the student. */
export const offerReasonBodySchema = z.strictObject({ offerId: uuidSchema, reason: reasonSchema });

/** The student's answer. A decline may give a reason. */
export const respondOfferBodySchema = z.strictObject({
  offerId: uuidSchema,
  decision: z.enum(['accept', 'decline'], { message: 'Accept or decline' }),
  reason: optionalText(PLACEMENT_LIMITS.reasonLength),
});

export const offerSchema = z
  .object({
    id: z.string(),
    applicationId: z.string(),
    openingId: z.string(),
    openingTitle: z.string(),
    organizationId: z.string(),
    organizationName: z.string(),
    /** The student (the company and the cell see their name). */
    individualId: z.string(),
    individualName: z.string().nullable(),
    cycleId: z.string().nullable(),
    kind: z.enum(OFFER_KINDS_MADE),
    role: z.string(),
    ctc: z.object({ amount: z.number(), currency: z.string(), period: z.enum(CTC_PERIODS) }),
    location: z.string().nullable(),
    joiningDate: z.string().nullable(),
    letterFileId: z.string().nullable(),
    respondBy: z.string(),
    status: z.enum(OFFER_STATES),
    statusLabel: z.string(),
    statusReason: z.string().nullable(),
    /** The cycle's policy at the time of the offer: what it would refuse (a warning, never a silent block). */
    policyWarnings: z.array(policyRefusalSchema),
    decidedAt: z.string().nullable(),
    createdAt: z.string(),
    /** What the caller may do with it now. */
    abilities: z.object({
      accept: z.boolean(),
      decline: z.boolean(),
      renege: z.boolean(),
      withdraw: z.boolean(),
      rescind: z.boolean(),
    }),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof offerSchema>;

/**
 * POST /api/organization/offers/check (the create's body): what the offer would carry of the placement policy, judged
 * now and made nowhere, so the company sees the warnings before sending. Outside a cycle: no cycle, no warnings.
 */
export const offerCheckSchema = z
  .object({
    cycleId: z.string().nullable(),
    cycleName: z.string().nullable(),
    policyWarnings: z.array(policyRefusalSchema),
  })
  .meta({ id: 'OfferCheck' });
export type OfferCheck = z.infer<typeof offerCheckSchema>;

export const offerListSchema = z.object({ items: z.array(offerSchema) }).meta({ id: 'OfferList' });

export const OFFER_MESSAGES = {
  created: 'Offer sent',
  accepted: 'Offer accepted',
  declined: 'Offer declined',
  withdrawn: 'Offer withdrawn',
  reneged: 'You reneged on this offer',
  rescinded: 'Offer rescinded',
  notPending: 'This offer is no longer waiting for an answer.',
  lapsed: 'The time to answer this offer has passed.',
  notAccepted: 'Only an accepted offer can be reneged on or rescinded.',
  exists: 'This application already has an offer.',
  respondByPast: 'Give the student until a time in the future to answer',
  respondByTooFar: `Give the student at most ${OFFER_LIMITS.maxRespondDays} days to answer`,
  letterNotPdf: 'The offer letter must be a PDF you uploaded',
} as const;
