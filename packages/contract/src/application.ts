import { z } from 'zod';
import { pageOf } from './envelope';
import { answersSchema, formDefinitionSchema } from './form';
import {
  applyBlockerSchema,
  applyModeSchema,
  eligibilityRuleSchema,
  eligibilitySchema,
  openingKindSchema,
  openingStatusSchema,
  organizationSummarySchema,
} from './opening';

export const APPLICATION_STATUSES = ['submitted', 'withdrawn', 'shortlisted', 'rejected', 'selected'] as const;
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

/** Header carrying the client's idempotency key on submit. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'Idempotency key: 16–128 letters, digits, "_" or "-"');

/** Submit / edit body. `answers` is checked against the opening's form with `answersSchemaFor`. */
export const submitApplicationBodySchema = z.object({
  openingId: z.uuid(),
  idempotencyKey: idempotencyKeySchema,
  answers: answersSchema,
});
export type SubmitApplicationBody = z.infer<typeof submitApplicationBodySchema>;

export const saveDraftBodySchema = z.object({ answers: answersSchema });
export type SaveDraftBody = z.infer<typeof saveDraftBodySchema>;

export const oneClickApplyBodySchema = z.object({ openingId: z.uuid(), idempotencyKey: idempotencyKeySchema });
export const externalApplyClickBodySchema = z.object({ openingId: z.uuid() });

export const applicationSchema = z
  .object({
    id: z.string(),
    openingId: z.string(),
    formVersion: z.number().int(),
    answers: answersSchema,
    status: applicationStatusSchema,
    revision: z.number().int(),
    submittedAt: z.string(),
    updatedAt: z.string(),
    canEdit: z.boolean(),
  })
  .meta({ id: 'Application' });
export type Application = z.infer<typeof applicationSchema>;

/** The public view of an opening for /forms/{openingId}; `viewer` is null when signed out. */
export const publicOpeningSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    kind: openingKindSchema,
    description: z.string(),
    organization: organizationSummarySchema,
    locations: z.array(z.string()),
    remote: z.boolean(),
    deadline: z.string(),
    status: openingStatusSchema,
    eligibility: eligibilitySchema,
    applyMode: applyModeSchema,
    form: formDefinitionSchema.nullable(),
    formVersion: z.number().int().nullable(),
    blocker: applyBlockerSchema.nullable(),
    viewer: z
      .object({
        eligible: z.boolean(),
        failedRules: z.array(eligibilityRuleSchema),
        application: applicationSchema.nullable(),
        draft: z.object({ answers: answersSchema, updatedAt: z.string() }).nullable(),
        prefill: answersSchema,
      })
      .nullable(),
  })
  .meta({ id: 'PublicOpening' });
export type PublicOpening = z.infer<typeof publicOpeningSchema>;

/** A row of /forms: the person's own applications. */
export const myApplicationSchema = z
  .object({
    id: z.string(),
    openingId: z.string(),
    openingTitle: z.string(),
    organizationName: z.string().nullable(),
    status: applicationStatusSchema,
    submittedAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'MyApplication' });
export const myApplicationPageSchema = pageOf(myApplicationSchema);

/** A row of the organization's responses view (status, stage, score ready for shortlisting). */
export const receivedApplicationSchema = z
  .object({
    id: z.string(),
    applicant: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string().nullable() }),
    formVersion: z.number().int(),
    answers: answersSchema,
    status: applicationStatusSchema,
    stage: z.string().nullable(),
    score: z.number().nullable(),
    revision: z.number().int(),
    submittedAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ReceivedApplication' });
export type ReceivedApplication = z.infer<typeof receivedApplicationSchema>;
export const receivedApplicationPageSchema = pageOf(receivedApplicationSchema);
