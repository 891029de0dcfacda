import { pageOf } from './envelope';
import { answersSchema, formDefinitionSchema } from './form';
import { gradeScaleSchema } from './individual';
import { LIMITS } from './limits';
import {
  applyBlockerSchema,
  applyModeSchema,
  eligibilityRuleSchema,
  eligibilitySchema,
  openingKindSchema,
  openingSchema,
  openingStatusSchema,
  organizationSummarySchema,
} from './opening';
import { policyVerdictSchema } from './placement-verdict';
import { applicationFilterSchema } from './shortlisting';
import { verificationBadgeSchema } from './verification';
import * as z from './zod';

export const APPLICATION_STATUSES = ['submitted', 'withdrawn', 'shortlisted', 'rejected', 'selected'] as const;
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

/** Header carrying the client's idempotency key on submit. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'Idempotency key: 16–128 letters, digits, "_" or "-"');

/**
 * POST /api/placements/campus/apply: submits an application. Without `answers` it is a one-click apply: the
 * server fills the form from the person's auto-fill data (only for forms whose every field has an auto-fill key).
 * A retry with the same idempotency key answers the application the first call made, never a second one.
 */
export const applyBodySchema = z.strictObject({
  openingId: z.uuid('Not an opening id'),
  idempotencyKey: idempotencyKeySchema,
  answers: answersSchema.optional(),
});
export type ApplyBody = z.infer<typeof applyBodySchema>;

/** PUT /api/placements/campus/apply: edits a submitted application until the deadline; keeps the previous revision. */
export const editApplicationBodySchema = z.strictObject({
  applicationId: z.uuid('Not an application id'),
  answers: answersSchema,
});
export type EditApplicationBody = z.infer<typeof editApplicationBodySchema>;

/** GET /api/placements/campus/apply?openingId=: the public form (works signed out). */
export const applyFormQuerySchema = z.strictObject({ openingId: z.uuid('Not an opening id') });

/** PUT /api/placements/campus/apply/draft (autosave) and DELETE …/draft?openingId=. */
export const saveDraftBodySchema = z.strictObject({ openingId: z.uuid('Not an opening id'), answers: answersSchema });
export type SaveDraftBody = z.infer<typeof saveDraftBodySchema>;
export const draftSchema = z.object({ answers: answersSchema, updatedAt: z.string() }).meta({ id: 'ApplicationDraft' });
export type Draft = z.infer<typeof draftSchema>;

export const externalApplyClickBodySchema = z.object({ openingId: z.uuid() });

/**
 * Answers backed by a verified record: the answer equals what the person's verified main education says (e.g. the
 * grade), so the organization can trust it. Keyed by field id; who verified it and when.
 */
export const verifiedAnswersSchema = z.record(z.string(), verificationBadgeSchema);
export type VerifiedAnswers = z.infer<typeof verifiedAnswersSchema>;

/** One of the applicant's verified records, as an organization sees it beside the application. */
export const verifiedRecordSchema = verificationBadgeSchema
  .extend({ title: z.string() })
  .meta({ id: 'VerifiedRecord' });
export type VerifiedRecord = z.infer<typeof verifiedRecordSchema>;

export const applicationSchema = z
  .object({
    id: z.string(),
    openingId: z.string(),
    formVersion: z.number().int(),
    answers: answersSchema,
    verifiedAnswers: verifiedAnswersSchema,
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
    compensation: openingSchema.shape.compensation,
    openingsCount: z.number().int().nullable(),
    startDate: z.string().nullable(),
    deadline: z.string(),
    status: openingStatusSchema,
    eligibility: eligibilitySchema,
    applyMode: applyModeSchema,
    form: formDefinitionSchema.nullable(),
    formVersion: z.number().int().nullable(),
    /** The groups a group-only opening admits, for "join the group" links. */
    eligibilityGroups: z.array(z.object({ id: z.string(), name: z.string() })),
    blocker: applyBlockerSchema.nullable(),
    viewer: z
      .object({
        eligible: z.boolean(),
        failedRules: z.array(eligibilityRuleSchema),
        application: applicationSchema.nullable(),
        /** Where the viewer's application stands, in the organization's words for applicants. */
        stageLabel: z.string().nullable(),
        draft: draftSchema.nullable(),
        prefill: answersSchema,
        /**
         * An opening of a placement cycle: whether the cycle's policy lets the viewer apply and why not, before they
         * fill anything in (issue 41). Absent for other openings.
         */
        placementPolicy: policyVerdictSchema.optional(),
      })
      .nullable(),
  })
  .meta({ id: 'PublicOpening' });
export type PublicOpening = z.infer<typeof publicOpeningSchema>;

/** A row of /forms (GET /api/placements/campus/applications): the person's own applications. */
export const myApplicationSchema = z
  .object({
    id: z.string(),
    openingId: z.string(),
    openingTitle: z.string(),
    organizationName: z.string().nullable(),
    status: applicationStatusSchema,
    /** Where the application stands, in the words the organization shows applicants (shortlisting). */
    stageLabel: z.string().nullable(),
    revision: z.number().int(),
    submittedAt: z.string(),
    updatedAt: z.string(),
    /** Until the deadline, while the opening is live. */
    canEdit: z.boolean(),
  })
  .meta({ id: 'MyApplication' });
export type MyApplication = z.infer<typeof myApplicationSchema>;
export const myApplicationPageSchema = pageOf(myApplicationSchema);
export const myApplicationsQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
});

/** A row of the organization's responses view (status, stage, score ready for shortlisting). */
export const receivedApplicationSchema = z
  .object({
    id: z.string(),
    /** `email` is null when the caller may not see contact details; `answers` then leave out contact questions. */
    applicant: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string().nullable() }),
    formVersion: z.number().int(),
    answers: answersSchema,
    verifiedAnswers: verifiedAnswersSchema,
    verifiedRecords: z.array(verifiedRecordSchema),
    status: applicationStatusSchema,
    /** The pipeline stage (GET /api/organization/shortlisting/stages names it). */
    stageId: z.string(),
    /**
     * The score in the opening's stored ranking (0–100) as of its last build, null without a recipe or before the
     * application was first ranked; sorting by score brings the ranking up to date first.
     */
    score: z.number().nullable(),
    /** The applicant's profile facts, as eligibility and the ranking read them (null when not given). */
    grade: z.number().nullable(),
    gradeScale: gradeScaleSchema.nullable(),
    graduationYear: z.number().nullable(),
    /**
     * True: grade, scale and year are the applicant's verified main education as its verifier saw it. False: they
     * are self-reported (auto-fill data the person can type), and the views say so.
     */
    factsVerified: z.boolean(),
    revision: z.number().int(),
    submittedAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ReceivedApplication' });
export type ReceivedApplication = z.infer<typeof receivedApplicationSchema>;
export const receivedApplicationPageSchema = pageOf(receivedApplicationSchema).extend({
  /** Every form version the page's answers refer to, so each answer is labelled by the form it answered. */
  forms: z.array(z.object({ version: z.number().int(), definition: formDefinitionSchema })),
  total: z.number().int(),
  /** The opening has a ranking recipe: rows carry a score and the score orders mean something. */
  scored: z.boolean(),
  /**
   * A score order's page walked the opening's last stored ranking while another request rebuilds it after a change:
   * applications received since that build are not on it yet, and scores are as of the build. False otherwise.
   */
  scoresStale: z.boolean(),
});
export type ReceivedApplicationPage = z.infer<typeof receivedApplicationPageSchema>;

/**
 * The responses table's orders. Each pages by a keyset over an index of the opening (ties by application id, facts
 * not given last in either direction); `stage*` follows the pipeline's order, newest first within a stage (its
 * reverse: oldest first); `score*` reads the stored ranking.
 */
export const RESPONSE_ORDERS = [
  'newest',
  'oldest',
  'nameAsc',
  'nameDesc',
  'gradeDesc',
  'gradeAsc',
  'graduationYearAsc',
  'graduationYearDesc',
  'stageAsc',
  'stageDesc',
  'scoreDesc',
  'scoreAsc',
] as const;
export type ResponseOrder = (typeof RESPONSE_ORDERS)[number];
/** The table's sortable columns: the order of each direction, and the direction a first click picks. */
export const RESPONSE_SORT_COLUMNS = {
  applied: { asc: 'oldest', desc: 'newest', first: 'desc' },
  name: { asc: 'nameAsc', desc: 'nameDesc', first: 'asc' },
  grade: { asc: 'gradeAsc', desc: 'gradeDesc', first: 'desc' },
  graduationYear: { asc: 'graduationYearAsc', desc: 'graduationYearDesc', first: 'asc' },
  stage: { asc: 'stageAsc', desc: 'stageDesc', first: 'asc' },
  score: { asc: 'scoreAsc', desc: 'scoreDesc', first: 'desc' },
} as const satisfies Record<string, { asc: ResponseOrder; desc: ResponseOrder; first: 'asc' | 'desc' }>;
export type ResponseSortColumn = keyof typeof RESPONSE_SORT_COLUMNS;
/** GET /api/organization/openings/id/applications?id=&order=&cursor=&limit= */
export const receivedApplicationsQuerySchema = z.strictObject({
  id: z.uuid('Not an opening id'),
  order: z.enum(RESPONSE_ORDERS).default('newest'),
  /** Opaque: the `nextCursor` of a page of the same opening and order (it may carry a name, hence the length). */
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
  /** The filters (shortlisting's applicationFilterSchema): stage, text, tags, verified, eligibility facts, answers. */
  ...applicationFilterSchema.shape,
});
export type ReceivedApplicationsQuery = z.input<typeof receivedApplicationsQuerySchema>;

/** GET /api/organization/openings/id/applications/one?id=&applicationId=: one application with every revision. */
export const applicationDetailQuerySchema = z.strictObject({
  id: z.uuid('Not an opening id'),
  applicationId: z.uuid('Not an application id'),
});
export const applicationRevisionSchema = z.object({
  revision: z.number().int(),
  formVersion: z.number().int(),
  answers: answersSchema,
  at: z.string(),
});
export const receivedApplicationDetailSchema = receivedApplicationSchema
  .extend({
    /** Oldest first; the last one equals the current answers. */
    revisions: z.array(applicationRevisionSchema),
    forms: z.array(z.object({ version: z.number().int(), definition: formDefinitionSchema })),
  })
  .meta({ id: 'ReceivedApplicationDetail' });
export type ReceivedApplicationDetail = z.infer<typeof receivedApplicationDetailSchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/**
 * GET /api/organization/openings/id/applications/export?id=&format=: every application with every answer (all form
 * versions' fields, "Other" texts, each multiple choice, repeatable rows, file links). Streams; the
 * `X-Total-Rows` header tells the row count up front so the client can show progress.
 */
export const exportApplicationsQuerySchema = z.strictObject({
  id: z.uuid('Not an opening id'),
  format: z.enum(EXPORT_FORMATS),
});
export const EXPORT_TOTAL_ROWS_HEADER = 'X-Total-Rows';
