import { idSchema, isoDateSchema, requiredText, trimmed } from './common';
import * as z from './zod';

/**
 * Placement season (issue 41, docs/ARCHITECTURE.md "Placement season"). An institution's placement cell runs cycles:
 * enrolment of students, company registration, opening approval, a policy of named rules, offers and notices.
 * This file holds the shapes the foundation (placement-core) owns; the policy engine, offers, statistics and notices
 * add theirs below their own headings.
 */

// Enums ---------------------------------------------------------------------------------------------------------

export const CYCLE_KINDS = ['jobs', 'internships'] as const;
export type CycleKind = (typeof CYCLE_KINDS)[number];
export const CYCLE_KIND_LABELS: Record<CycleKind, string> = { jobs: 'Jobs', internships: 'Internships' };

/** draft: only the cell sees it; active: students enrol and companies register; closed: read-only. */
export const CYCLE_STATUSES = ['draft', 'active', 'closed'] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];
export const CYCLE_STATUS_LABELS: Record<CycleStatus, string> = { draft: 'Draft', active: 'Active', closed: 'Closed' };

export const ENROLMENT_STATUSES = ['available', 'placed', 'opted_out', 'debarred'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];
export const ENROLMENT_STATUS_LABELS: Record<EnrolmentStatus, string> = {
  available: 'Available',
  placed: 'Placed',
  opted_out: 'Opted out',
  debarred: 'Debarred',
};

/** How a student came into the cycle: join link, verification group, uploaded list, or the cell's import. */
export const ENROLMENT_SOURCES = ['link', 'group', 'csv', 'import'] as const;
export type EnrolmentSource = (typeof ENROLMENT_SOURCES)[number];

/** The record values the cell verifies (and may lock); a correction names one of them. */
export const RECORD_FIELDS = ['rollNumber', 'branch', 'degree', 'cgpa', 'backlogs', 'graduationYear'] as const;
export type RecordField = (typeof RECORD_FIELDS)[number];
export const RECORD_FIELD_LABELS: Record<RecordField, string> = {
  rollNumber: 'Roll number',
  branch: 'Branch',
  degree: 'Programme',
  cgpa: 'CGPA',
  backlogs: 'Backlogs',
  graduationYear: 'Graduation year',
};

export const CORRECTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

export const CYCLE_COMPANY_STATUSES = ['requested', 'invited', 'approved', 'rejected'] as const;
export type CycleCompanyStatus = (typeof CYCLE_COMPANY_STATUSES)[number];
export const CYCLE_COMPANY_STATUS_LABELS: Record<CycleCompanyStatus, string> = {
  requested: 'Requested',
  invited: 'Invited',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const CYCLE_OPENING_STATUSES = ['pending', 'approved', 'sent_back'] as const;
export type CycleOpeningStatus = (typeof CYCLE_OPENING_STATUSES)[number];
export const CYCLE_OPENING_STATUS_LABELS: Record<CycleOpeningStatus, string> = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  sent_back: 'Sent back',
};

export const CTC_PERIODS = ['year', 'month', 'total'] as const;
export type CtcPeriod = (typeof CTC_PERIODS)[number];
export const CTC_PERIOD_LABELS: Record<CtcPeriod, string> = { year: 'per year', month: 'per month', total: 'in total' };

/** The states of an offer (offers.status). */
export const OFFER_STATES = ['pending', 'accepted', 'declined', 'lapsed', 'withdrawn', 'reneged', 'rescinded'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/**
 * What a person may do in a cycle's placement cell: an institution's root or admin is the cell's owner; the team of
 * an organization linked to the institution acts with its team role (services/placement/access.ts).
 */
export const CELL_ROLES = ['owner', 'coordinator', 'reviewer'] as const;
export type CellRole = (typeof CELL_ROLES)[number];

/** One rule of a cycle's policy: its kind (a module of the policy engine) and that kind's parameters. */
export interface PolicyRule {
  kind: string;
  params: Record<string, unknown>;
}

/** Who a notice reaches (cycle_notices.audience). */
export type NoticeAudience =
  | { kind: 'all' }
  | { kind: 'filter'; branchIds?: string[]; degrees?: string[]; statuses?: EnrolmentStatus[] }
  | { kind: 'stage'; openingId: string; stageId: string };

export const PLACEMENT_LIMITS = {
  cycleNameLength: 120,
  branchNameLength: 120,
  degreeLength: 80,
  aliasLength: 80,
  maxAliases: 20,
  maxBranches: 500,
  rollNumberLength: 40,
  reasonLength: 500,
  commentLength: 2000,
  noteLength: 1000,
  /** Rows of one uploaded batch (CSV or XLSX). */
  maxImportRows: 5000,
  maxImportBytes: 2 * 1024 * 1024,
  /** Bad rows reported back at most (the rest are counted). */
  maxReportedErrors: 200,
  pageSize: 50,
  maxPageSize: 200,
  minGraduationYear: 1950,
  maxGraduationYear: 2100,
  maxBacklogs: 99,
  maxCgpa: 10,
  /** numeric(14,2) holds less than 1e12. */
  maxCtc: 1e11,
  joinTokenLength: 32,
} as const;

// Shared field schemas --------------------------------------------------------------------------------------------

export const uuidSchema = z.uuid({ message: 'Not a valid id' });
export const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Use a 3-letter currency code, e.g. INR');
export const ctcAmountSchema = z
  .number({ message: 'Must be a number' })
  .min(0, 'Must be 0 or more')
  .max(PLACEMENT_LIMITS.maxCtc, 'Too large');
export const cgpaSchema = z
  .number({ message: 'Must be a number' })
  .min(0, 'Must be 0 or more')
  .max(PLACEMENT_LIMITS.maxCgpa, `Must be at most ${PLACEMENT_LIMITS.maxCgpa}`);
export const backlogsSchema = z
  .number({ message: 'Must be a number' })
  .int('Must be a whole number')
  .min(0, 'Must be 0 or more')
  .max(PLACEMENT_LIMITS.maxBacklogs, `Must be at most ${PLACEMENT_LIMITS.maxBacklogs}`);
export const graduationYearSchema = z
  .number({ message: 'Must be a number' })
  .int('Must be a whole number')
  .min(PLACEMENT_LIMITS.minGraduationYear, `Must be ${PLACEMENT_LIMITS.minGraduationYear} or later`)
  .max(PLACEMENT_LIMITS.maxGraduationYear, `Must be ${PLACEMENT_LIMITS.maxGraduationYear} or earlier`);
export const policyRuleSchema = z
  .strictObject({ kind: z.string().min(1).max(60), params: z.record(z.string().max(60), z.unknown()) })
  .meta({ id: 'PolicyRule' });
export const noticeAudienceSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('all') }),
    z.strictObject({
      kind: z.literal('filter'),
      branchIds: z.array(uuidSchema).max(PLACEMENT_LIMITS.maxBranches).optional(),
      degrees: z.array(trimmed(PLACEMENT_LIMITS.degreeLength)).max(50).optional(),
      statuses: z.array(z.enum(ENROLMENT_STATUSES)).max(ENROLMENT_STATUSES.length).optional(),
    }),
    z.strictObject({ kind: z.literal('stage'), openingId: uuidSchema, stageId: uuidSchema }),
  ])
  .meta({ id: 'NoticeAudience' });

// Exported so the foundation's request bodies below and the other placement files share one definition.
export const cycleNameSchema = requiredText(PLACEMENT_LIMITS.cycleNameLength);
/** A cycle's date: ISO, between 2000 and 2100 (PostgreSQL refuses year 0, and no season is outside these). */
export const cycleDateSchema = isoDateSchema.refine((value) => value >= '2000-01-01' && value <= '2100-12-31', {
  message: 'Use a date between 2000 and 2100',
});
export const reasonSchema = requiredText(PLACEMENT_LIMITS.reasonLength);

// The cell link --------------------------------------------------------------------------------------------------

/** An organization linked (or asking to be linked) to an institution as its placement cell. */
export const cellLinkSchema = z
  .object({
    organizationId: z.number().int(),
    organizationName: z.string(),
    institutionId: z.number().int(),
    /** false: the organization's owner asked; the institution's root has not confirmed yet. */
    confirmed: z.boolean(),
    linkedAt: z.string().nullable(),
  })
  .meta({ id: 'CellLink' });
export type CellLink = z.infer<typeof cellLinkSchema>;
export const cellLinksSchema = z.object({ items: z.array(cellLinkSchema) }).meta({ id: 'CellLinks' });
export const cellLinksQuerySchema = z.strictObject({ institutionId: idSchema });
/** POST /api/placement/cell-links: the root links an organization (or confirms its request). */
export const cellLinkBodySchema = z.strictObject({ institutionId: idSchema, organizationId: idSchema });
export const cellLinkDeleteQuerySchema = z.strictObject({ institutionId: idSchema, organizationId: idSchema });
/** POST /api/placement/cell-links/request (X-Organization-Id): an owner asks to act as the institution's cell. */
export const cellLinkRequestBodySchema = z.strictObject({ institutionId: idSchema });

/** A cell the caller is in, with their role there (GET /api/placement/cells). */
export const myCellSchema = z
  .object({ institutionId: z.number().int(), institutionName: z.string(), role: z.enum(CELL_ROLES) })
  .meta({ id: 'MyCell' });
export const myCellsSchema = z.object({ items: z.array(myCellSchema) }).meta({ id: 'MyCells' });

// Branches -------------------------------------------------------------------------------------------------------

export const branchSchema = z
  .object({
    id: z.string(),
    institutionId: z.number().int(),
    degree: z.string(),
    name: z.string(),
    aliases: z.array(z.string()),
  })
  .meta({ id: 'InstitutionBranch' });
export type Branch = z.infer<typeof branchSchema>;
export const branchListSchema = z.object({ items: z.array(branchSchema) }).meta({ id: 'InstitutionBranches' });
export const branchesQuerySchema = z.strictObject({ institutionId: idSchema });
const aliasesSchema = z
  .array(requiredText(PLACEMENT_LIMITS.aliasLength))
  .max(PLACEMENT_LIMITS.maxAliases, `At most ${PLACEMENT_LIMITS.maxAliases} aliases`);
export const branchBodySchema = z.strictObject({
  institutionId: idSchema,
  degree: requiredText(PLACEMENT_LIMITS.degreeLength),
  name: requiredText(PLACEMENT_LIMITS.branchNameLength),
  aliases: aliasesSchema.default([]),
});
export type BranchBody = z.input<typeof branchBodySchema>;
export const branchUpdateBodySchema = z.strictObject({
  branchId: uuidSchema,
  degree: requiredText(PLACEMENT_LIMITS.degreeLength).optional(),
  name: requiredText(PLACEMENT_LIMITS.branchNameLength).optional(),
  aliases: aliasesSchema.optional(),
});
export const branchIdQuerySchema = z.strictObject({ branchId: uuidSchema });
/** POST /api/placement/branches/match: free-text branches mapped to the list (by name or alias, any case). */
export const branchMatchBodySchema = z.strictObject({
  institutionId: idSchema,
  texts: z.array(trimmed(PLACEMENT_LIMITS.branchNameLength)).min(1).max(PLACEMENT_LIMITS.maxBranches),
});
export const branchMatchSchema = z
  .object({ items: z.array(z.object({ text: z.string(), branch: branchSchema.nullable() })) })
  .meta({ id: 'BranchMatches' });

// Cycles ---------------------------------------------------------------------------------------------------------

export const cycleSchema = z
  .object({
    id: z.string(),
    institutionId: z.number().int(),
    institutionName: z.string(),
    name: z.string(),
    kind: z.enum(CYCLE_KINDS),
    startsOn: z.string(),
    endsOn: z.string(),
    status: z.enum(CYCLE_STATUSES),
    policy: z.array(policyRuleSchema),
    /** Only for the cell: the self-enrolment link's token. */
    joinToken: z.string().nullable(),
    counts: z
      .object({ enrolled: z.number().int(), companies: z.number().int(), openings: z.number().int() })
      .nullable(),
    createdAt: z.string(),
    /** The caller's role in the cell (null for students and companies) and what it lets them do. */
    role: z.enum(CELL_ROLES).nullable(),
    abilities: z.object({ manage: z.boolean(), manageStudents: z.boolean(), manageCompanies: z.boolean() }),
  })
  .meta({ id: 'PlacementCycle' });
export type Cycle = z.infer<typeof cycleSchema>;
export const cycleListSchema = z.object({ items: z.array(cycleSchema) }).meta({ id: 'PlacementCycles' });
export const cyclesQuerySchema = z.strictObject({ institutionId: idSchema });
export const cycleIdQuerySchema = z.strictObject({ cycleId: uuidSchema });
export const cycleBodySchema = z
  .strictObject({
    institutionId: idSchema,
    name: cycleNameSchema,
    kind: z.enum(CYCLE_KINDS, { message: 'Choose jobs or internships' }),
    startsOn: cycleDateSchema,
    endsOn: cycleDateSchema,
    status: z.enum(CYCLE_STATUSES).default('active'),
  })
  .refine((body) => body.startsOn <= body.endsOn, { path: ['endsOn'], message: 'Must be on or after the start' });
export type CycleBody = z.input<typeof cycleBodySchema>;
export const cycleUpdateBodySchema = z.strictObject({
  cycleId: uuidSchema,
  name: cycleNameSchema.optional(),
  kind: z.enum(CYCLE_KINDS, { message: 'Choose jobs or internships' }).optional(),
  startsOn: cycleDateSchema.optional(),
  endsOn: cycleDateSchema.optional(),
  status: z.enum(CYCLE_STATUSES).optional(),
});
export const cycleIdBodySchema = z.strictObject({ cycleId: uuidSchema });
export const OPT_OUT_REASONS = ['higher_studies', 'entrepreneurship', 'other'] as const;
export type OptOutReason = (typeof OPT_OUT_REASONS)[number];
/** How each reason reads to students and to the cell. */
export const OPT_OUT_REASON_LABELS: Record<OptOutReason, string> = {
  higher_studies: 'Higher studies',
  entrepreneurship: 'Starting a venture',
  other: 'Another reason',
};
const optOutReasonSchema = z.enum(OPT_OUT_REASONS, {
  message: 'Choose higher studies, a venture of your own, or other',
});
/** POST /api/placement/my/opt-out: why the student leaves the season (the NIRF report counts higher studies). */
export const optOutBodySchema = z.strictObject({ cycleId: uuidSchema, reason: optOutReasonSchema.optional() });
export type OptOutBody = z.infer<typeof optOutBodySchema>;

// Enrolment ------------------------------------------------------------------------------------------------------

export const enrolmentSchema = z
  .object({
    id: z.string(),
    cycleId: z.string(),
    userId: z.number().int().nullable(),
    email: z.string(),
    name: z.string().nullable(),
    /** false: a pending enrolment (no account with this email yet); it is theirs at first sign-in. */
    claimed: z.boolean(),
    status: z.enum(ENROLMENT_STATUSES),
    debarredReason: z.string().nullable(),
    /** Why an opted-out student left the season, when they said (null otherwise). */
    optOutReason: z.enum(OPT_OUT_REASONS).nullable(),
    rollNumber: z.string().nullable(),
    branch: branchSchema.nullable(),
    branchText: z.string().nullable(),
    degree: z.string().nullable(),
    cgpa: z.number().nullable(),
    backlogs: z.number().int().nullable(),
    graduationYear: z.number().int().nullable(),
    recordsLocked: z.boolean(),
    source: z.enum(ENROLMENT_SOURCES),
    absences: z.number().int(),
    enrolledAt: z.string(),
  })
  .meta({ id: 'CycleEnrolment' });
export type Enrolment = z.infer<typeof enrolmentSchema>;
export const enrolmentPageSchema = z
  .object({ items: z.array(enrolmentSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'CycleEnrolmentPage' });

const optionalNumberParam = (schema: z.ZodNumber) => z.coerce.number({ message: 'Must be a number' }).pipe(schema);
/** GET /api/placement/enrolments: the cell's student list, filtered, keyset-paged by email. */
export const enrolmentsQuerySchema = z.strictObject({
  cycleId: uuidSchema,
  status: z.enum(ENROLMENT_STATUSES).optional(),
  branchId: uuidSchema.optional(),
  degree: trimmed(PLACEMENT_LIMITS.degreeLength).optional(),
  minCgpa: optionalNumberParam(cgpaSchema).optional(),
  maxBacklogs: optionalNumberParam(backlogsSchema).optional(),
  graduationYear: optionalNumberParam(graduationYearSchema).optional(),
  q: trimmed(100).optional(),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(PLACEMENT_LIMITS.maxPageSize).default(PLACEMENT_LIMITS.pageSize),
});

export const joinQuerySchema = z.strictObject({ token: z.string().min(1).max(100) });
export const joinBodySchema = z.strictObject({ token: z.string().min(1, 'Required').max(100) });
/** What the join link shows before enrolling. */
export const joinPreviewSchema = z
  .object({
    cycleId: z.string(),
    name: z.string(),
    kind: z.enum(CYCLE_KINDS),
    institutionName: z.string(),
    startsOn: z.string(),
    endsOn: z.string(),
    enrolled: z.boolean(),
  })
  .meta({ id: 'CycleJoinPreview' });

export const enrolFromGroupBodySchema = z.strictObject({ cycleId: uuidSchema, groupId: uuidSchema });
export const enrolmentCountSchema = z
  .object({ added: z.number().int(), alreadyEnrolled: z.number().int(), unmappedBranches: z.array(z.string()) })
  .meta({ id: 'EnrolmentCount' });

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
/**
 * POST /api/placement/enrolments/import: the batch as CSV text or XLSX (base64). Header row names the columns:
 * email, roll number, programme, branch, CGPA, backlogs, graduation year (any case and spacing).
 */
export const enrolmentImportBodySchema = z.strictObject({
  cycleId: uuidSchema,
  format: z.enum(IMPORT_FORMATS, { message: 'Choose csv or xlsx' }),
  content: z
    .string()
    .min(1, 'The file is empty')
    .max(Math.ceil((PLACEMENT_LIMITS.maxImportBytes * 4) / 3) + 4, 'The file is too large (at most 2 MB)'),
});
export const IMPORT_COLUMNS = [
  'email',
  'rollNumber',
  'degree',
  'branch',
  'cgpa',
  'backlogs',
  'graduationYear',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const importRowErrorSchema = z.object({ line: z.number().int(), field: z.string(), message: z.string() });
export const enrolmentImportResultSchema = z
  .object({
    rows: z.number().int(),
    added: z.number().int(),
    updated: z.number().int(),
    /** Bad rows, line by line (line 1 is the header); none of the batch is written while any is bad. */
    errors: z.array(importRowErrorSchema),
    moreErrors: z.number().int(),
  })
  .meta({ id: 'EnrolmentImportResult' });
export type EnrolmentImportResult = z.infer<typeof enrolmentImportResultSchema>;

/** PATCH /api/placement/enrolments: the cell changes a student's status or record values. */
export const enrolmentUpdateBodySchema = z.strictObject({
  enrolmentId: uuidSchema,
  status: z.enum(ENROLMENT_STATUSES).optional(),
  debarredReason: reasonSchema.optional(),
  optOutReason: optOutReasonSchema.nullable().optional(),
  rollNumber: trimmed(PLACEMENT_LIMITS.rollNumberLength).nullable().optional(),
  branchId: uuidSchema.nullable().optional(),
  degree: trimmed(PLACEMENT_LIMITS.degreeLength).nullable().optional(),
  cgpa: cgpaSchema.nullable().optional(),
  backlogs: backlogsSchema.nullable().optional(),
  graduationYear: graduationYearSchema.nullable().optional(),
  recordsLocked: z.boolean().optional(),
});
export const enrolmentIdQuerySchema = z.strictObject({ enrolmentId: uuidSchema });

// Record corrections ---------------------------------------------------------------------------------------------

export const correctionSchema = z
  .object({
    id: z.string(),
    cycleId: z.string(),
    enrolmentId: z.string(),
    studentName: z.string().nullable(),
    email: z.string(),
    field: z.enum(RECORD_FIELDS),
    currentValue: z.string().nullable(),
    requestedValue: z.string(),
    reason: z.string(),
    status: z.enum(CORRECTION_STATUSES),
    decisionNote: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'RecordCorrection' });
export const correctionListSchema = z.object({ items: z.array(correctionSchema) }).meta({ id: 'RecordCorrections' });
export const correctionsQuerySchema = z.strictObject({
  cycleId: uuidSchema,
  status: z.enum(CORRECTION_STATUSES).optional(),
});
export const correctionBodySchema = z.strictObject({
  cycleId: uuidSchema,
  field: z.enum(RECORD_FIELDS, { message: 'Choose the value to correct' }),
  value: requiredText(PLACEMENT_LIMITS.branchNameLength),
  reason: reasonSchema,
});
export const CORRECTION_DECISIONS = ['approve', 'reject'] as const;
export const correctionDecisionBodySchema = z.strictObject({
  correctionId: uuidSchema,
  decision: z.enum(CORRECTION_DECISIONS),
  note: trimmed(PLACEMENT_LIMITS.noteLength).optional(),
});

// Companies ------------------------------------------------------------------------------------------------------

export const cycleCompanySchema = z
  .object({
    id: z.string(),
    cycleId: z.string(),
    organizationId: z.number().int(),
    organizationName: z.string(),
    status: z.enum(CYCLE_COMPANY_STATUSES),
    note: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'CycleCompany' });
export const cycleCompanyListSchema = z.object({ items: z.array(cycleCompanySchema) }).meta({ id: 'CycleCompanies' });
export const cycleCompaniesQuerySchema = z.strictObject({
  cycleId: uuidSchema,
  status: z.enum(CYCLE_COMPANY_STATUSES).optional(),
});
export const companyInviteBodySchema = z.strictObject({
  cycleId: uuidSchema,
  organizationId: idSchema,
  note: trimmed(PLACEMENT_LIMITS.noteLength).optional(),
});
export const COMPANY_DECISIONS = ['approve', 'reject'] as const;
export const companyDecisionBodySchema = z.strictObject({
  cycleId: uuidSchema,
  organizationId: idSchema,
  decision: z.enum(COMPANY_DECISIONS),
  note: trimmed(PLACEMENT_LIMITS.noteLength).optional(),
});
/** POST /api/placement/company/registrations (X-Organization-Id): ask to recruit, or accept the cell's invitation. */
export const companyRegistrationBodySchema = z.strictObject({
  cycleId: uuidSchema,
  note: trimmed(PLACEMENT_LIMITS.noteLength).optional(),
});
/** A cycle as a company sees it: never other companies, never students' statuses. */
export const companyCycleSchema = z
  .object({
    cycleId: z.string(),
    name: z.string(),
    kind: z.enum(CYCLE_KINDS),
    institutionId: z.number().int(),
    institutionName: z.string(),
    startsOn: z.string(),
    endsOn: z.string(),
    status: z.enum(CYCLE_STATUSES),
    registration: z.enum(CYCLE_COMPANY_STATUSES).nullable(),
  })
  .meta({ id: 'CompanyCycle' });
export const companyCycleListSchema = z.object({ items: z.array(companyCycleSchema) }).meta({ id: 'CompanyCycles' });
export const companyCyclesQuerySchema = z.strictObject({ institutionId: idSchema.optional() });

// Openings in a cycle --------------------------------------------------------------------------------------------

export const cycleOpeningSchema = z
  .object({
    openingId: z.string(),
    cycleId: z.string(),
    title: z.string(),
    organizationId: z.number().int(),
    organizationName: z.string(),
    openingStatus: z.string(),
    deadline: z.string(),
    status: z.enum(CYCLE_OPENING_STATUSES),
    comment: z.string().nullable(),
    ctcAmount: z.number(),
    ctcCurrency: z.string(),
    ctcPeriod: z.enum(CTC_PERIODS),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'CycleOpening' });
export type CycleOpening = z.infer<typeof cycleOpeningSchema>;
export const cycleOpeningListSchema = z.object({ items: z.array(cycleOpeningSchema) }).meta({ id: 'CycleOpenings' });
export const cycleOpeningsQuerySchema = z.strictObject({
  cycleId: uuidSchema,
  status: z.enum(CYCLE_OPENING_STATUSES).optional(),
});
/** GET /api/placement/openings/stages: one cycle opening's stages, for a notice to the candidates in one of them. */
export const cycleOpeningStagesQuerySchema = z.strictObject({ openingId: uuidSchema });
export const cycleOpeningStageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The cycle's students now in this stage (not withdrawn): who a notice to the stage reaches. */
    candidates: z.number().int(),
  })
  .meta({ id: 'CycleOpeningStage' });
export type CycleOpeningStage = z.infer<typeof cycleOpeningStageSchema>;
export const cycleOpeningStageListSchema = z
  .object({ items: z.array(cycleOpeningStageSchema) })
  .meta({ id: 'CycleOpeningStages' });
export const companyCycleOpeningsQuerySchema = z.strictObject({ cycleId: uuidSchema.optional() });
/** POST /api/placement/company/openings: attach an opening to a cycle (or resubmit one sent back) with its CTC. */
export const cycleOpeningBodySchema = z.strictObject({
  cycleId: uuidSchema,
  openingId: uuidSchema,
  ctcAmount: ctcAmountSchema,
  ctcCurrency: currencySchema,
  ctcPeriod: z.enum(CTC_PERIODS, { message: 'Choose per year, per month or in total' }),
});
export const OPENING_DECISIONS = ['approve', 'sendBack'] as const;
export const cycleOpeningDecisionBodySchema = z
  .strictObject({
    openingId: uuidSchema,
    decision: z.enum(OPENING_DECISIONS),
    comment: trimmed(PLACEMENT_LIMITS.commentLength).optional(),
  })
  .refine((body) => body.decision !== 'sendBack' || (body.comment ?? '').length > 0, {
    path: ['comment'],
    message: 'Say what to change when sending an opening back',
  });
export const cycleOpeningIdQuerySchema = z.strictObject({ openingId: uuidSchema });

// The student's view ---------------------------------------------------------------------------------------------

export const studentCycleSchema = z
  .object({
    cycleId: z.string(),
    name: z.string(),
    kind: z.enum(CYCLE_KINDS),
    institutionName: z.string(),
    startsOn: z.string(),
    endsOn: z.string(),
    cycleStatus: z.enum(CYCLE_STATUSES),
    enrolment: enrolmentSchema,
  })
  .meta({ id: 'StudentCycle' });
export const studentCycleListSchema = z.object({ items: z.array(studentCycleSchema) }).meta({ id: 'StudentCycles' });
export const studentCycleOpeningSchema = z
  .object({
    openingId: z.string(),
    title: z.string(),
    organizationName: z.string(),
    deadline: z.string(),
    ctcAmount: z.number(),
    ctcCurrency: z.string(),
    ctcPeriod: z.enum(CTC_PERIODS),
    /** The opening's own eligibility rules for the student's facts (null when not judged). */
    eligible: z.boolean().nullable(),
    applied: z.boolean(),
  })
  .meta({ id: 'StudentCycleOpening' });
export const studentCycleApplicationSchema = z
  .object({
    applicationId: z.string(),
    openingId: z.string(),
    title: z.string(),
    organizationName: z.string(),
    status: z.string(),
    stage: z.string().nullable(),
    submittedAt: z.string(),
  })
  .meta({ id: 'StudentCycleApplication' });
/**
 * GET /api/placement/my/cycles/id: one cycle for the enrolled student. `sections` is the extension point: offers and
 * notices (and any later part) add their own key there (services/placement/student-view.ts).
 */
export const studentCycleViewSchema = z
  .object({
    cycle: studentCycleSchema,
    openings: z.array(studentCycleOpeningSchema),
    applications: z.array(studentCycleApplicationSchema),
    corrections: z.array(correctionSchema),
    sections: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'StudentCycleView' });
export type StudentCycleView = z.infer<typeof studentCycleViewSchema>;

export const PLACEMENT_MESSAGES = {
  linked: 'The organization now acts as the placement cell',
  linkRequested: "Asked. The institution's root will confirm the link.",
  unlinked: 'Link removed',
  branchSaved: 'Branch saved',
  branchDeleted: 'Branch deleted',
  cycleSaved: 'Cycle saved',
  tokenRotated: 'A new join link was made; the old one no longer works',
  enrolled: 'You are enrolled in the cycle',
  alreadyEnrolled: 'You are already enrolled in this cycle',
  enrolledFromGroup: (n: number) => `${n} student${n === 1 ? '' : 's'} enrolled`,
  imported: (added: number, updated: number) => `${added} added, ${updated} updated`,
  importHasErrors: (n: number) => `${n} row${n === 1 ? ' has' : 's have'} errors; nothing was imported`,
  enrolmentSaved: 'Student saved',
  optedOut: 'You have opted out of the cycle',
  correctionRequested: 'Correction requested. The placement cell will review it.',
  correctionDecided: 'Decision saved',
  companyInvited: 'Company invited',
  companyRequested: 'Asked to recruit. The placement cell will review it.',
  companyDecided: 'Decision saved',
  openingSubmitted: 'Sent to the placement cell for approval',
  openingDecided: 'Decision saved',
  linkInvalid: 'This join link is not valid. Ask your placement cell for a new one.',
  cycleNotOpen: 'This cycle is not open for enrolment.',
  studentsOnly: 'Only student (individual) accounts can enrol in a placement cycle.',
} as const;
