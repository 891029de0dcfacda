import * as z from './zod';

/**
 * The hiring pipeline of one opening (issue #13, first slice). Every opening has the fixed stages in this order,
 * with the organization's own ('custom') stages between Shortlisted and Offered; Rejected and Withdrawn are
 * outcomes reachable from any stage. The fixed stages can be renamed, never removed or reordered.
 */
export const STAGE_KINDS = ['applied', 'shortlisted', 'custom', 'offered', 'hired', 'rejected', 'withdrawn'] as const;
export const stageKindSchema = z.enum(STAGE_KINDS);
export type StageKind = z.infer<typeof stageKindSchema>;

/** The stages every opening starts with: internal name and the words the applicant sees. */
export const DEFAULT_STAGES: readonly { kind: Exclude<StageKind, 'custom'>; name: string; candidateLabel: string }[] = [
  { kind: 'applied', name: 'Applied', candidateLabel: 'Applied' },
  { kind: 'shortlisted', name: 'Shortlisted', candidateLabel: 'Under review' },
  { kind: 'offered', name: 'Offered', candidateLabel: 'Offered' },
  { kind: 'hired', name: 'Hired', candidateLabel: 'Hired' },
  { kind: 'rejected', name: 'Rejected', candidateLabel: 'Not selected' },
  { kind: 'withdrawn', name: 'Withdrawn', candidateLabel: 'Withdrawn' },
];
/** A stage the organization adds is shown to the applicant in these words until it chooses others. */
export const DEFAULT_CUSTOM_STAGE_LABEL = 'Under review';

export const SHORTLISTING_LIMITS = {
  /** Custom stages per opening. */
  maxCustomStages: 20,
  stageNameLength: 60,
  moveReasonLength: 500,
  /** Applications named one by one in a move; larger selections go as a filter. */
  maxMoveIds: 1000,
} as const;

export const STAGE_MESSAGES = {
  added: 'Stage added',
  renamed: 'Stage updated',
  reordered: 'Stages reordered',
  removed: 'Stage removed',
  settingsSaved: 'Saved',
  moved: (count: number) => `${count} ${count === 1 ? 'candidate' : 'candidates'} moved`,
  undone: (count: number) => `Move undone for ${count} ${count === 1 ? 'candidate' : 'candidates'}`,
} as const;

const stageName = z.string().trim().min(1, 'Enter a name').max(SHORTLISTING_LIMITS.stageNameLength);
const openingId = z.uuid('Not an opening id');
const stageId = z.uuid('Not a stage id');

export const stageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    candidateLabel: z.string(),
    kind: stageKindSchema,
    position: z.number().int(),
    /** Applications in this stage now. */
    count: z.number().int(),
  })
  .meta({ id: 'Stage' });
export type Stage = z.infer<typeof stageSchema>;

/** GET /api/organization/shortlisting/stages?openingId= */
export const stagesQuerySchema = z.strictObject({ openingId });
export const pipelineSchema = z
  .object({
    openingId: z.string(),
    stages: z.array(stageSchema),
    /** Applicants in a Rejected stage see it only once this is on. */
    rejectionsReleased: z.boolean(),
    /** What the caller may do here (the UI follows these, never its own rules). */
    abilities: z.object({ move: z.boolean(), manageStages: z.boolean() }),
  })
  .meta({ id: 'Pipeline' });
export type Pipeline = z.infer<typeof pipelineSchema>;

/** POST /api/organization/shortlisting/stages: a custom stage, placed before Offered unless `afterStageId` says. */
export const stageCreateBodySchema = z.strictObject({
  openingId,
  name: stageName,
  candidateLabel: stageName.optional(),
  afterStageId: stageId.optional(),
});
export type StageCreateBody = z.input<typeof stageCreateBodySchema>;

/** PATCH /api/organization/shortlisting/stages: rename a stage or change what applicants see. */
export const stageUpdateBodySchema = z.strictObject({
  openingId,
  stageId,
  name: stageName.optional(),
  candidateLabel: stageName.optional(),
});
export type StageUpdateBody = z.input<typeof stageUpdateBodySchema>;

/** PUT /api/organization/shortlisting/stages/order: every custom stage, in the new order. */
export const stageOrderBodySchema = z.strictObject({
  openingId,
  stageIds: z.array(stageId).max(SHORTLISTING_LIMITS.maxCustomStages),
});
export type StageOrderBody = z.input<typeof stageOrderBodySchema>;

/** DELETE /api/organization/shortlisting/stages?openingId=&stageId=&targetStageId= (target needed when it holds candidates). */
export const stageDeleteQuerySchema = z.strictObject({
  openingId,
  stageId,
  targetStageId: stageId.optional(),
});
export type StageDeleteQuery = z.input<typeof stageDeleteQuerySchema>;

/** PATCH /api/organization/shortlisting/settings */
export const pipelineSettingsBodySchema = z.strictObject({ openingId, rejectionsReleased: z.boolean() });
export type PipelineSettingsBody = z.input<typeof pipelineSettingsBodySchema>;

/**
 * One answer condition of a filter: a choice field matching any of the option ids, or a number field within a range
 * (either bound may be missing). In the address and the API they travel as text, clauses joined by `;`:
 * `fieldId=optionA|optionB` or `fieldId=min..max` (`fieldId=3..`, `fieldId=..10`).
 */
export type AnswerCondition =
  | { fieldId: string; kind: 'choice'; optionIds: string[] }
  | { fieldId: string; kind: 'range'; min: number | null; max: number | null };

const ANSWER_PART = '[^;=|]{1,64}';
const NUMBER = '-?\\d{1,12}(?:\\.\\d{1,6})?';
const ANSWER_CLAUSE = new RegExp(
  `^(${ANSWER_PART})=(?:(${NUMBER})?\\.\\.(${NUMBER})?|(${ANSWER_PART}(?:\\|${ANSWER_PART}){0,49}))$`,
);
export const SHORTLISTING_FILTER_LIMITS = { answerClauses: 10, tags: 20, text: 100 } as const;

/** The answer conditions of a filter's `answers` text; null when it is not well formed. */
export function parseAnswerConditions(text: string): AnswerCondition[] | null {
  const clauses = text.split(';').filter((clause) => clause !== '');
  if (clauses.length > SHORTLISTING_FILTER_LIMITS.answerClauses) return null;
  const conditions: AnswerCondition[] = [];
  for (const clause of clauses) {
    const match = ANSWER_CLAUSE.exec(clause);
    if (!match?.[1]) return null;
    const [, fieldId, min, max, options] = match;
    if (options !== undefined) conditions.push({ fieldId, kind: 'choice', optionIds: options.split('|') });
    else if (min === undefined && max === undefined) return null;
    else conditions.push({ fieldId, kind: 'range', min: min ? Number(min) : null, max: max ? Number(max) : null });
  }
  return conditions;
}

/** The `answers` text for conditions (the inverse of parseAnswerConditions). */
export function formatAnswerConditions(conditions: AnswerCondition[]): string {
  return conditions
    .map((c) =>
      c.kind === 'choice' ? `${c.fieldId}=${c.optionIds.join('|')}` : `${c.fieldId}=${c.min ?? ''}..${c.max ?? ''}`,
    )
    .join(';');
}

const UUID_LIST =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(,[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})*$/i;
const year = z.coerce.number().int('Enter a year').min(1950, 'Enter a year').max(2100, 'Enter a year');
const grade = z.coerce.number('Enter a number').min(0, 'Enter 0 or more').max(100, 'Enter 100 or less');

/**
 * Which applications of the opening a filter names (the responses view's filters). Every field is text or a number
 * so the same filter lives in the address, the list's query string and a move's body ("select all matching").
 * Conditions combine with AND; `tagIds` matches any of the tags.
 */
export const applicationFilterSchema = z.strictObject({
  stageId: stageId.optional(),
  /** Free text over the applicant's name and the answers (case-insensitive, contains). */
  q: z.string().trim().min(1, 'Enter some text').max(SHORTLISTING_FILTER_LIMITS.text).optional(),
  /** Comma-separated tag ids: candidates with any of them. */
  tagIds: z
    .string()
    .max(37 * SHORTLISTING_FILTER_LIMITS.tags)
    .regex(UUID_LIST, 'Not a list of tag ids')
    .optional(),
  /** `yes`: candidates with at least one verified record; `no`: without. */
  verified: z.enum(['yes', 'no']).optional(),
  /** Eligibility facts from the applicant's profile (grade as entered, degree by name, graduation year). */
  minGrade: grade.optional(),
  maxGrade: grade.optional(),
  degree: z.string().trim().min(1, 'Enter a degree').max(100).optional(),
  graduationYearFrom: year.optional(),
  graduationYearTo: year.optional(),
  /** The ranking score (0–100, from the opening's recipe) from and to, inclusive. */
  minScore: grade.optional(),
  maxScore: grade.optional(),
  /** Answer conditions (see AnswerCondition). */
  answers: z
    .string()
    .max(2000)
    .refine((text) => parseAnswerConditions(text) !== null, 'Write conditions as field=option|option or field=min..max')
    .optional(),
});
export type ApplicationFilter = z.infer<typeof applicationFilterSchema>;
export type ApplicationFilterInput = z.input<typeof applicationFilterSchema>;
export const APPLICATION_FILTER_KEYS = Object.keys(applicationFilterSchema.shape) as (keyof ApplicationFilter)[];

/**
 * POST /api/organization/shortlisting/moves: the applications named by id, or every application matching the
 * filter (resolved on the server, not only the page the browser shows), move to one stage.
 */
export const stageMoveBodySchema = z
  .strictObject({
    openingId,
    toStageId: stageId,
    applicationIds: z
      .array(z.uuid('Not an application id'))
      .min(1, 'Choose at least one candidate')
      .max(SHORTLISTING_LIMITS.maxMoveIds)
      .optional(),
    filter: applicationFilterSchema.optional(),
    reason: z.string().trim().max(SHORTLISTING_LIMITS.moveReasonLength).optional(),
  })
  .refine((body) => (body.applicationIds === undefined) !== (body.filter === undefined), {
    message: 'Name the candidates or a filter, not both',
    path: ['applicationIds'],
  });
export type StageMoveBody = z.input<typeof stageMoveBodySchema>;
export const stageMoveResultSchema = z
  .object({
    /** Applications whose stage changed (those already in the target stage are left as they are). */
    moved: z.number().int(),
    /** Undo handle: null when nothing moved. */
    bulkMoveId: z.string().nullable(),
  })
  .meta({ id: 'StageMoveResult' });
export type StageMoveResult = z.infer<typeof stageMoveResultSchema>;

/** POST /api/organization/shortlisting/moves/undo: only the opening's latest move can be undone. */
export const stageUndoBodySchema = z.strictObject({ openingId, bulkMoveId: z.uuid('Not a move id') });
export type StageUndoBody = z.input<typeof stageUndoBodySchema>;
export const stageUndoResultSchema = z.object({
  /** Applications put back; one moved again since stays where it is now. */
  restored: z.number().int(),
});

/** GET /api/organization/shortlisting/history?openingId=&applicationId= */
export const stageHistoryQuerySchema = z.strictObject({ openingId, applicationId: z.uuid('Not an application id') });
export const stageMoveSchema = z
  .object({
    id: z.string(),
    fromStageName: z.string().nullable(),
    toStageName: z.string(),
    by: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
    at: z.string(),
    reason: z.string().nullable(),
    bulkMoveId: z.string(),
    /** The move put back an earlier one (undo). */
    undo: z.boolean(),
  })
  .meta({ id: 'StageMove' });
export type StageMove = z.infer<typeof stageMoveSchema>;
export const stageHistorySchema = z.object({ items: z.array(stageMoveSchema) });
