import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * The blindness rule, in one place, for every judgement a team gives a candidate — a rating on a criterion, the
 * scores of a video answer (one judgement: its rubric), a round's scorecard: **others' judgement on a subject is
 * hidden from a viewer until the viewer has given their own on that subject, and so is everything derived from it**
 * (averages, who gave what, a ranking term, and a total score that sums such a term). A viewer who cannot
 * judge (a share-link visitor) never sees it. Every view asks these predicates: the ratings panel, the video watch
 * page and answers list, the ranking page, the responses table's score, the exports and the share link.
 */

/** May the viewer see others' judgement on one subject? Only once they gave their own there. */
export function othersJudgementVisible(viewerGaveOwn: boolean): boolean {
  return viewerGaveOwn;
}

/** A score that sums judgement terms is visible only when every such term is visible to the viewer. */
export function derivedScoreVisible(termVisible: readonly boolean[]): boolean {
  return termVisible.every(Boolean);
}

/** SQL: the viewer (null: someone who cannot judge) has rated this application on this criterion. */
export function ownRatingGivenSql(
  applicationId: AnyColumn | SQL,
  criterionId: AnyColumn | SQL,
  viewerId: number | null | Placeholder,
): SQL<boolean> {
  if (viewerId === null) return sql<boolean>`false`;
  return sql<boolean>`exists(select 1 from candidate_ratings own_r where own_r.application_id = ${applicationId}
    and own_r.criterion_id = ${criterionId} and own_r.rater_id = ${viewerId}::bigint)`;
}

/** SQL: the viewer (null: someone who cannot judge) has scored this video answer. */
export function ownVideoScoreGivenSql(answerId: AnyColumn | SQL, viewerId: number | null | Placeholder): SQL<boolean> {
  if (viewerId === null) return sql<boolean>`false`;
  return sql<boolean>`exists(select 1 from video_scores own_s where own_s.answer_id = ${answerId}
    and own_s.reviewer_id = ${viewerId}::bigint)`;
}

/** SQL: the viewer (null: someone who cannot judge) has submitted their scorecard on this application in the round. */
export function ownScorecardGivenSql(
  applicationId: AnyColumn | SQL,
  roundId: AnyColumn | SQL,
  viewerId: number | null | Placeholder,
): SQL<boolean> {
  if (viewerId === null) return sql<boolean>`false`;
  return sql<boolean>`exists(select 1 from round_scorecards own_c join round_panelists own_p on own_p.id = own_c.panelist_id
    where own_c.round_id = ${roundId} and own_c.application_id = ${applicationId} and own_p.user_id = ${viewerId}::bigint)`;
}

/**
 * SQL: the viewer sits on one of the round's panels. Scorecards are the one judgement given by a chosen few: someone
 * of the team who is not on the round's panel gives none there, so has nothing of their own to give first and sees
 * the panel's scorecards (as `seesOtherScorecards` in policies/round.ts lets the people who run the round see them).
 */
export function onRoundPanelSql(roundId: AnyColumn | SQL, viewerId: number | null | Placeholder): SQL<boolean> {
  if (viewerId === null) return sql<boolean>`true`;
  return sql<boolean>`exists(select 1 from round_panelists on_p join round_panels on_pn on on_pn.id = on_p.panel_id
    where on_pn.round_id = ${roundId} and on_p.user_id = ${viewerId}::bigint)`;
}
