import { type RecipeCriterionKind, scoreTermSchema } from './score-term';
import * as z from './zod';

/**
 * Ratings and explainable ranking of an opening's candidates (issue #13). Every opening has rating criteria
 * (default "Overall"); each person of the organization rates a candidate 1–5 per criterion. A ranking recipe names
 * weighted criteria and knock-outs; the server computes every candidate's score, rank and explanation in SQL.
 */
export const DEFAULT_RATING_CRITERION = 'Overall';
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const RANKING_LIMITS = {
  criteria: 10,
  criterionNameLength: 60,
  recipeCriteria: 20,
  knockouts: 20,
  /** A weight is a relative importance: 0 (ignored) to 100. */
  maxWeight: 100,
  choiceValueMax: 100,
  pinReasonLength: 500,
  pageSize: 25,
  maxPageSize: 100,
  /** Verified records past this many add nothing more (the bonus is per item up to here). */
  verifiedRecordsCap: 5,
} as const;

/** Equal scores are ordered by this rule; the client shows it beside the ranking. */
export const RANKING_TIE_BREAK =
  'Equal scores: the earlier application ranks higher; applications sent at the same moment go by application id.';

export const RANKING_MESSAGES = {
  criterionAdded: 'Criterion added',
  criterionRenamed: 'Criterion renamed',
  criterionRemoved: 'Criterion removed',
  rated: 'Rating saved',
  recipeSaved: 'Ranking recipe saved',
  pinned: 'Candidate pinned',
  unpinned: 'Pin removed',
} as const;

const openingId = z.uuid('Not an opening id');
const applicationId = z.uuid('Not an application id');
const criterionId = z.uuid('Not a criterion id');
const criterionName = z.string().trim().min(1, 'Enter a name').max(RANKING_LIMITS.criterionNameLength);
const fieldId = z.string().trim().min(1, 'Choose a question').max(64);
const weight = z.number({ message: 'Enter a weight' }).min(0).max(RANKING_LIMITS.maxWeight);

// ---------------------------------------------------------------- criteria and ratings

export const ratingCriterionSchema = z
  .object({ id: z.string(), name: z.string(), position: z.number().int() })
  .meta({ id: 'RatingCriterion' });
export type RatingCriterion = z.infer<typeof ratingCriterionSchema>;

/** GET /api/organization/shortlisting/criteria?openingId= */
export const criteriaQuerySchema = z.strictObject({ openingId });
export const criteriaSchema = z
  .object({
    openingId: z.string(),
    criteria: z.array(ratingCriterionSchema),
    abilities: z.object({ manage: z.boolean(), rate: z.boolean() }),
  })
  .meta({ id: 'RatingCriteria' });
export type RatingCriteria = z.infer<typeof criteriaSchema>;

/** POST /api/organization/shortlisting/criteria */
export const criterionCreateBodySchema = z.strictObject({ openingId, name: criterionName });
export type CriterionCreateBody = z.input<typeof criterionCreateBodySchema>;
/** PATCH /api/organization/shortlisting/criteria */
export const criterionUpdateBodySchema = z.strictObject({ openingId, criterionId, name: criterionName });
export type CriterionUpdateBody = z.input<typeof criterionUpdateBodySchema>;
/** DELETE /api/organization/shortlisting/criteria?openingId=&criterionId= (its ratings go with it). */
export const criterionDeleteQuerySchema = z.strictObject({ openingId, criterionId });
export type CriterionDeleteQuery = z.input<typeof criterionDeleteQuerySchema>;

/** GET /api/organization/shortlisting/ratings?openingId=&applicationId= */
export const ratingsQuerySchema = z.strictObject({ openingId, applicationId });
/** PUT /api/organization/shortlisting/ratings */
export const ratingBodySchema = z.strictObject({
  openingId,
  applicationId,
  criterionId,
  score: z
    .number({ message: 'Choose 1 to 5' })
    .int('Choose 1 to 5')
    .min(RATING_MIN, 'Choose 1 to 5')
    .max(RATING_MAX, 'Choose 1 to 5'),
});
export type RatingBody = z.input<typeof ratingBodySchema>;

export const criterionRatingsSchema = z
  .object({
    criterionId: z.string(),
    name: z.string(),
    /** The caller's own rating, null until given. */
    mine: z.number().int().nullable(),
    /**
     * Everyone's ratings on this criterion: null until the caller has given their own (the server holds them back,
     * so no one is swayed by the others before rating).
     */
    summary: z
      .object({
        average: z.number(),
        count: z.number().int(),
        raters: z.array(z.object({ id: z.number().int(), name: z.string().nullable(), score: z.number().int() })),
      })
      .nullable(),
  })
  .meta({ id: 'CriterionRatings' });
export type CriterionRatings = z.infer<typeof criterionRatingsSchema>;
export const candidateRatingsSchema = z
  .object({
    applicationId: z.string(),
    criteria: z.array(criterionRatingsSchema),
    abilities: z.object({ rate: z.boolean() }),
  })
  .meta({ id: 'CandidateRatings' });
export type CandidateRatings = z.infer<typeof candidateRatingsSchema>;

// ---------------------------------------------------------------- the recipe

export { RECIPE_CRITERION_KINDS, type RecipeCriterionKind } from './score-term';

/** What each kind of criterion is called and how its raw value becomes 0–1 (shown in the editor and breakdown). */
export const RECIPE_CRITERION_HELP: Record<RecipeCriterionKind, { label: string; normalised: string }> = {
  numberAnswer: {
    label: 'Number answer',
    normalised: 'Placed between the lowest and highest answer in this opening (0 to 1)',
  },
  choiceAnswer: { label: 'Choice answer', normalised: 'The value you gave the chosen option, over your highest value' },
  grade: { label: 'Grade', normalised: 'CGPA or percentage over its scale (8.0 of 10 = 80% of 100 = 0.8)' },
  graduationYear: {
    label: 'Graduation year',
    normalised: 'Placed between the earliest and latest year in this opening',
  },
  backlogs: { label: 'Current backlogs', normalised: 'Fewer is better: none = 1, the most in this opening = 0' },
  verifiedRecords: {
    label: 'Verified records',
    normalised: `A bonus per verified profile record, up to ${RANKING_LIMITS.verifiedRecordsCap}`,
  },
  rating: { label: 'Average rating', normalised: 'The average 1–5 rating on the criterion, 1 = 0 and 5 = 1' },
  videoScore: {
    label: 'Video task score',
    normalised:
      'The average 1–5 score of the candidate’s answer (every reviewer, every rubric item), 1 = 0 and 5 = 1; no answer or no score yet = 0',
  },
  scorecard: {
    label: 'Round scorecards',
    normalised:
      'The average of every panelist’s scorecard in the round (its 1–5 criteria and its recommendation: strong no 1, no 2, yes 4, strong yes 5), 1 = 0 and 5 = 1; no scorecard yet = 0',
  },
};

const direction = z.enum(['higher', 'lower'], { message: 'Choose higher or lower' });
export const recipeCriterionSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('numberAnswer'),
    fieldId,
    weight,
    /** Which end scores 1. */
    better: direction.default('higher'),
  }),
  z.strictObject({
    kind: z.literal('choiceAnswer'),
    fieldId,
    weight,
    /** Option id → its value (0–100); options left out are worth 0. */
    values: z
      .record(z.string().trim().min(1).max(64), z.number().min(0).max(RANKING_LIMITS.choiceValueMax))
      .refine((values) => Object.keys(values).length <= 100, 'Too many options'),
  }),
  z.strictObject({ kind: z.literal('grade'), weight }),
  z.strictObject({ kind: z.literal('graduationYear'), weight, better: direction.default('higher') }),
  z.strictObject({ kind: z.literal('backlogs'), weight }),
  z.strictObject({ kind: z.literal('verifiedRecords'), weight }),
  z.strictObject({ kind: z.literal('rating'), criterionId, weight }),
  /** The average of every reviewer's 1–5 scores on the rubric of the candidate's submitted answer to the task. */
  z.strictObject({ kind: z.literal('videoScore'), taskId: z.uuid('Not a video task id'), weight }),
  /** The average of the submitted scorecards of the candidate in a round (a stage of the opening) — rounds.ts. */
  z.strictObject({ kind: z.literal('scorecard'), roundId: z.uuid('Not a round id'), weight }),
]);
export type RecipeCriterion = z.infer<typeof recipeCriterionSchema>;
export type RecipeCriterionInput = z.input<typeof recipeCriterionSchema>;

export const KNOCKOUT_KINDS = [
  'minGrade',
  'maxBacklogs',
  'graduationYears',
  'numberAnswerAtLeast',
  'choiceAnswerIn',
  'minVerifiedRecords',
] as const;
export const knockoutSchema = z.discriminatedUnion('kind', [
  /** Grade as a percentage of its scale (CGPA 7 of 10 = 70). */
  z.strictObject({ kind: z.literal('minGrade'), percent: z.number().min(0).max(100) }),
  z.strictObject({ kind: z.literal('maxBacklogs'), count: z.number().int().min(0).max(100) }),
  z.strictObject({
    kind: z.literal('graduationYears'),
    years: z.array(z.number().int().min(1950).max(2100)).min(1, 'Choose a year').max(20),
  }),
  z.strictObject({ kind: z.literal('numberAnswerAtLeast'), fieldId, min: z.number().finite() }),
  z.strictObject({
    kind: z.literal('choiceAnswerIn'),
    fieldId,
    optionIds: z.array(z.string().trim().min(1).max(64)).min(1, 'Choose an option').max(100),
  }),
  z.strictObject({ kind: z.literal('minVerifiedRecords'), count: z.number().int().min(1).max(50) }),
]);
export type Knockout = z.infer<typeof knockoutSchema>;

export const recipeSchema = z
  .strictObject({
    criteria: z.array(recipeCriterionSchema).max(RANKING_LIMITS.recipeCriteria),
    knockouts: z.array(knockoutSchema).max(RANKING_LIMITS.knockouts),
  })
  .meta({ id: 'RankingRecipe' });
export type Recipe = z.infer<typeof recipeSchema>;
export type RecipeInput = z.input<typeof recipeSchema>;

/** GET /api/organization/shortlisting/recipe?openingId= */
export const recipeQuerySchema = z.strictObject({ openingId });
/** PUT /api/organization/shortlisting/recipe */
export const recipeBodySchema = z.strictObject({ openingId, recipe: recipeSchema });
export type RecipeBody = z.input<typeof recipeBodySchema>;

/** A question of the opening's current form a recipe can use. */
export const rankableFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(['number', 'choice']),
  options: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type RankableField = z.infer<typeof rankableFieldSchema>;
/**
 * A video task of the opening a recipe can weigh. A removed task stays listed while the recipe uses it: its
 * submitted answers and their scores are kept, so it still counts until it leaves the recipe.
 */
export const rankableVideoTaskSchema = z.object({ id: z.string(), title: z.string(), removed: z.boolean() });
export type RankableVideoTask = z.infer<typeof rankableVideoTaskSchema>;
/** A round of the opening (its stage id and name) whose scorecards a recipe can weigh. */
export const rankableRoundSchema = z.object({ id: z.string(), name: z.string() });
export type RankableRound = z.infer<typeof rankableRoundSchema>;
export const recipeStateSchema = z
  .object({
    openingId: z.string(),
    /** null until the organization saves one. */
    recipe: recipeSchema.nullable(),
    updatedAt: z.string().nullable(),
    fields: z.array(rankableFieldSchema),
    criteria: z.array(ratingCriterionSchema),
    videoTasks: z.array(rankableVideoTaskSchema),
    rounds: z.array(rankableRoundSchema),
    tieBreak: z.string(),
    abilities: z.object({ change: z.boolean(), pin: z.boolean() }),
  })
  .meta({ id: 'RankingRecipeState' });
export type RecipeState = z.infer<typeof recipeStateSchema>;

// ---------------------------------------------------------------- the ranking

export const RANKING_SHOW = ['all', 'passing', 'knockedOut'] as const;
/** GET /api/organization/shortlisting/candidate/ranking */
export const rankingQuerySchema = z.strictObject({
  openingId,
  stageId: z.uuid('Not a stage id').optional(),
  /** Only candidates scoring at least this (0–100). */
  minScore: z.coerce.number({ message: 'Enter a number' }).min(0).max(100).optional(),
  /** Everyone, only those no knock-out excluded, or only the excluded. */
  show: z.enum(RANKING_SHOW).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(RANKING_LIMITS.maxPageSize).default(RANKING_LIMITS.pageSize),
});
export type RankingQuery = z.input<typeof rankingQuerySchema>;

/** Shown where a score or term is withheld by the blindness rule (the server decides; the UI only says so). */
export const HIDDEN_JUDGEMENT_TEXT = 'Hidden until you rate';

export { type ScoreTerm, scoreTermSchema } from './score-term';

/** Shown above a ranking page marked `stale`: the last build, while a rebuild after a change is running. */
export const RANKING_STALE_TEXT =
  'The ranking is being updated after recent changes (new applications, ratings): this is the last one built. Reload in a moment to see them.';

export const pinSchema = z
  .object({
    direction: z.enum(['top', 'bottom']),
    reason: z.string(),
    by: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
    at: z.string(),
  })
  .meta({ id: 'RankingPin' });
export type Pin = z.infer<typeof pinSchema>;

export const rankedCandidateSchema = z
  .object({
    applicationId: z.string(),
    applicant: z.object({ id: z.number().int(), name: z.string().nullable() }),
    stageId: z.string(),
    submittedAt: z.string(),
    /** 1 = first, pins included; null for a candidate a knock-out excluded (listed after everyone else). */
    rank: z.number().int().nullable(),
    /**
     * 0–100; null while it sums a judgement the viewer may not see yet (a rating or video score they have not given
     * their own on: the blindness rule).
     */
    score: z.number().nullable(),
    /** One line: the largest contributions, or the knock-out. */
    why: z.string(),
    knockouts: z.array(z.string()),
    pin: pinSchema.nullable(),
    explanation: z.array(scoreTermSchema),
  })
  .meta({ id: 'RankedCandidate' });
export type RankedCandidate = z.infer<typeof rankedCandidateSchema>;

export const rankingPageSchema = z
  .object({
    items: z.array(rankedCandidateSchema),
    /** Candidates matching the filters. */
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    /** False until a recipe is saved (every score is then 0 and the order is the tie-break). */
    hasRecipe: z.boolean(),
    tieBreak: z.string(),
    /**
     * True when the page is the opening's last stored ranking while another request rebuilds it after a change (a
     * new application, a rating…): the ranks are as of that build, and reading again shortly shows the change.
     */
    stale: z.boolean(),
  })
  .meta({ id: 'RankingPage' });
export type RankingPage = z.infer<typeof rankingPageSchema>;

/** PUT /api/organization/shortlisting/candidate/pin */
export const pinBodySchema = z.strictObject({
  openingId,
  applicationId,
  direction: z.enum(['top', 'bottom'], { message: 'Choose top or bottom' }),
  reason: z.string().trim().min(1, 'Say why').max(RANKING_LIMITS.pinReasonLength),
});
export type PinBody = z.input<typeof pinBodySchema>;
/** DELETE /api/organization/shortlisting/candidate/pin?openingId=&applicationId= */
export const unpinQuerySchema = z.strictObject({ openingId, applicationId });
export type UnpinQuery = z.input<typeof unpinQuerySchema>;
export const pinResultSchema = z.object({ applicationId: z.string(), pin: pinSchema.nullable() });
export type PinResult = z.infer<typeof pinResultSchema>;
