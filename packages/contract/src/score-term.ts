import * as z from './zod';

/**
 * One term of a candidate's ranking score, on its own so that a page showing scores without the ranking (the shared
 * shortlist) does not load the whole ranking contract (ranking.ts re-exports it).
 */
export const RECIPE_CRITERION_KINDS = [
  'numberAnswer',
  'choiceAnswer',
  'grade',
  'graduationYear',
  'backlogs',
  'verifiedRecords',
  'rating',
  'videoScore',
  'scorecard',
] as const;
export type RecipeCriterionKind = (typeof RECIPE_CRITERION_KINDS)[number];

export const scoreTermSchema = z
  .object({
    /** The recipe criterion's place in the recipe. */
    index: z.number().int(),
    kind: z.enum(RECIPE_CRITERION_KINDS),
    label: z.string(),
    /** What the candidate has (null when missing, or a rating the caller may not see yet). */
    raw: z.string().nullable(),
    /** 0–1 (null when hidden). */
    normalised: z.number().nullable(),
    weight: z.number(),
    /** Points of the 0–100 score (null when hidden). */
    contribution: z.number().nullable(),
  })
  .meta({ id: 'ScoreTerm' });
export type ScoreTerm = z.infer<typeof scoreTermSchema>;
