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

/** Which applications of the opening a filter names (the responses view's filters). */
export const applicationFilterSchema = z.strictObject({
  stageId: stageId.optional(),
});
export type ApplicationFilter = z.infer<typeof applicationFilterSchema>;

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
