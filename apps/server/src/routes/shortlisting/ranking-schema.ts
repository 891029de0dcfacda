import {
  candidateRatingsSchema,
  criteriaQuerySchema,
  criteriaSchema,
  criterionCreateBodySchema,
  criterionDeleteQuerySchema,
  criterionUpdateBodySchema,
  pinBodySchema,
  pinResultSchema,
  rankingPageSchema,
  rankingQuerySchema,
  ratingBodySchema,
  ratingsQuerySchema,
  recipeBodySchema,
  recipeQuerySchema,
  recipeStateSchema,
  successEnvelope,
  unpinQuerySchema,
} from '@placely/contract';

const tags = ['shortlisting'];
const ACTING_FOR =
  'Acts for the organization named in X-Organization-Id (else the caller’s own). Everyone whose role covers the opening reads and rates; owners and coordinators change criteria, the recipe and pins.';
const criteria = { 200: successEnvelope(criteriaSchema) };
const ratings = { 200: successEnvelope(candidateRatingsSchema) };
const recipe = { 200: successEnvelope(recipeStateSchema) };
const pinResult = { 200: successEnvelope(pinResultSchema) };

export const criteriaRouteSchema = {
  tags,
  summary: `The rating criteria of an opening (every opening starts with "Overall"). ${ACTING_FOR}`,
  querystring: criteriaQuerySchema,
  response: criteria,
};
export const addCriterionRouteSchema = {
  tags,
  summary: 'Adds a rating criterion (e.g. "Problem solving"); answers with every criterion',
  body: criterionCreateBodySchema,
  response: criteria,
};
export const renameCriterionRouteSchema = {
  tags,
  summary: 'Renames a rating criterion; answers with every criterion',
  body: criterionUpdateBodySchema,
  response: criteria,
};
export const removeCriterionRouteSchema = {
  tags,
  summary:
    'Removes a rating criterion and its ratings (409 for the last one, or one the ranking recipe uses); answers with every criterion',
  querystring: criterionDeleteQuerySchema,
  response: criteria,
};
export const ratingsRouteSchema = {
  tags,
  summary:
    'One candidate’s ratings: the caller’s own, and on each criterion the average, count and raters — only once the caller has rated that criterion',
  querystring: ratingsQuerySchema,
  response: ratings,
};
export const rateRouteSchema = {
  tags,
  summary: 'Rates a candidate 1–5 on one criterion (replaces the caller’s earlier rating); answers like GET ratings',
  body: ratingBodySchema,
  response: ratings,
};
export const recipeRouteSchema = {
  tags,
  summary: `The ranking recipe of an opening, the questions, rating criteria and video tasks it can use, and the tie-break rule. ${ACTING_FOR}`,
  querystring: recipeQuerySchema,
  response: recipe,
};
export const saveRecipeRouteSchema = {
  tags,
  summary:
    'Saves the ranking recipe: weighted criteria (number and choice answers, grade, graduation year, backlogs, verified records, average ratings, average video task scores) and knock-outs. The ranking follows at once. A question of the wrong kind, or a rating criterion or video task not of this opening, is a 400 naming the field.',
  body: recipeBodySchema,
  response: recipe,
};
export const rankingRouteSchema = {
  tags,
  summary:
    'The candidates of an opening in rank order, computed in the database over all its applications: rank, score (0–100), a one-line why and the whole explanation (raw, normalised, weight, contribution per criterion; knock-outs). Filters (stage, minimum score, knocked out or not) keep the opening-wide rank.',
  description:
    'Order: candidates pinned to the top, the computed order, candidates pinned to the bottom, then those a knock-out excluded (rank null). Ties follow `tieBreak`. Page-numbered.',
  querystring: rankingQuerySchema,
  response: { 200: successEnvelope(rankingPageSchema) },
};
export const pinRouteSchema = {
  tags,
  summary: 'Pins a candidate above or below the computed order, with a reason (kept in the activity trail)',
  body: pinBodySchema,
  response: pinResult,
};
export const unpinRouteSchema = {
  tags,
  summary: 'Takes a candidate’s pin away (kept in the activity trail); the computed order applies again',
  querystring: unpinQuerySchema,
  response: pinResult,
};
