import {
  type CandidateRatings,
  type FormDefinition,
  fieldsOf,
  RANKING_LIMITS,
  RANKING_TIE_BREAK,
  type RankableField,
  type RankableRound,
  type RankableVideoTask,
  type RankedCandidate,
  type RankingPage,
  type RatingCriterion,
  RECIPE_CRITERION_HELP,
  type Recipe,
  type RecipeCriterion,
  recipeSchema,
  type ScoreTerm,
} from '@placely/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedShapes } from '../../db/prepared';
import { readTogether } from '../../db/read-together';
import {
  applications,
  candidateRatings,
  individualProfiles,
  interviewRounds,
  openingFormVersions,
  openingStages,
  rankingPins,
  rankingRecipes,
  ratingCriteria,
  users,
  videoTasks,
} from '../../db/schema';
import { errors } from '../../errors';
import {
  derivedScoreVisible,
  onRoundPanelSql,
  othersJudgementVisible,
  ownRatingGivenSql,
  ownScorecardGivenSql,
  ownVideoScoreGivenSql,
} from '../../policies/judgement';
import type { OpeningRow } from '../../presenters/opening';
import type { AuditEntry } from '../organizations';
import { explanationColumns, knockoutReasons, type RankingFilter, rankingCtes, rankingFilterSql } from './ranking-sql';
import { type BuildState, currentRankingBuild, type RankingBuild } from './ranking-store';

export type RankingAction = 'ranking.view' | 'ranking.rate' | 'ranking.manage';

// ---------------------------------------------------------------- criteria

export async function criteriaOf(db: Executor, openingId: string): Promise<RatingCriterion[]> {
  return db
    .select({ id: ratingCriteria.id, name: ratingCriteria.name, position: ratingCriteria.position })
    .from(ratingCriteria)
    .where(eq(ratingCriteria.openingId, openingId))
    .orderBy(asc(ratingCriteria.position), asc(ratingCriteria.createdAt));
}

function assertNameFree(criteria: RatingCriterion[], name: string, exceptId?: string) {
  if (criteria.some((c) => c.id !== exceptId && c.name.toLowerCase() === name.toLowerCase())) {
    throw errors.validation([{ field: 'name', message: 'Another criterion already has this name' }]);
  }
}

function criterionIn(criteria: RatingCriterion[], id: string): RatingCriterion {
  const found = criteria.find((c) => c.id === id);
  if (!found) throw errors.validation([{ field: 'criterionId', message: 'Not a criterion of this opening' }]);
  return found;
}

export async function addCriterion(tx: Executor, opening: OpeningRow, name: string) {
  const criteria = await criteriaOf(tx, opening.id);
  if (criteria.length >= RANKING_LIMITS.criteria) {
    throw errors.conflict(`An opening can have at most ${RANKING_LIMITS.criteria} rating criteria.`);
  }
  assertNameFree(criteria, name);
  const position = Math.max(-1, ...criteria.map((c) => c.position)) + 1;
  await tx.insert(ratingCriteria).values({ openingId: opening.id, name, position });
  return { kind: 'criterion.added', openingId: opening.id, details: { name } } satisfies AuditEntry;
}

export async function renameCriterion(tx: Executor, opening: OpeningRow, criterionId: string, name: string) {
  const criteria = await criteriaOf(tx, opening.id);
  const before = criterionIn(criteria, criterionId);
  assertNameFree(criteria, name, criterionId);
  await tx.update(ratingCriteria).set({ name }).where(eq(ratingCriteria.id, criterionId));
  return {
    kind: 'criterion.renamed',
    openingId: opening.id,
    details: { from: before.name, to: name },
  } satisfies AuditEntry;
}

/** Removes a criterion and its ratings; the last one stays (there is always something to rate on). */
export async function removeCriterion(tx: Executor, opening: OpeningRow, criterionId: string) {
  const criteria = await criteriaOf(tx, opening.id);
  const removed = criterionIn(criteria, criterionId);
  if (criteria.length === 1) throw errors.conflict('An opening keeps at least one rating criterion.');
  const recipe = await recipeOf(tx, opening.id);
  if (recipe?.recipe.criteria.some((c) => c.kind === 'rating' && c.criterionId === criterionId)) {
    throw errors.conflict('The ranking recipe uses this criterion: take it out of the recipe first.');
  }
  await tx.delete(ratingCriteria).where(eq(ratingCriteria.id, criterionId));
  return {
    kind: 'criterion.removed',
    openingId: opening.id,
    details: { name: removed.name },
  } satisfies AuditEntry;
}

// ---------------------------------------------------------------- ratings

export async function assertApplicationOf(db: Executor, openingId: string, applicationId: string) {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.openingId, openingId)));
  if (!row) throw errors.notFound('That application');
}

/**
 * One candidate's ratings as the caller may see them: their own always; on each criterion, everyone's (average,
 * count, who gave what) only once the caller has rated that criterion — held back here, on the server.
 */
export async function candidateRatingsFor(
  db: Executor,
  raterId: number,
  openingId: string,
  applicationId: string,
  canRate: boolean,
): Promise<CandidateRatings> {
  const [criteria, rows] = await readTogether(db, [
    () => criteriaOf(db, openingId),
    () =>
      db
        .select({
          criterionId: candidateRatings.criterionId,
          raterId: candidateRatings.raterId,
          score: candidateRatings.score,
          name: sql<string | null>`coalesce(${individualProfiles.name}, ${users.name})`,
        })
        .from(candidateRatings)
        .innerJoin(users, eq(users.id, candidateRatings.raterId))
        .leftJoin(individualProfiles, eq(individualProfiles.userId, candidateRatings.raterId))
        .where(eq(candidateRatings.applicationId, applicationId))
        .orderBy(asc(candidateRatings.createdAt)),
  ]);
  return {
    applicationId,
    abilities: { rate: canRate },
    criteria: criteria.map((criterion) => {
      const given = rows.filter((row) => row.criterionId === criterion.id);
      const mine = given.find((row) => row.raterId === raterId)?.score ?? null;
      const average = given.reduce((sum, row) => sum + row.score, 0) / Math.max(1, given.length);
      return {
        criterionId: criterion.id,
        name: criterion.name,
        mine,
        summary:
          mine === null
            ? null
            : {
                average: Math.round(average * 100) / 100,
                count: given.length,
                raters: given.map((row) => ({ id: row.raterId, name: row.name, score: row.score })),
              },
      };
    }),
  };
}

export async function rate(
  tx: Executor,
  raterId: number,
  openingId: string,
  input: { applicationId: string; criterionId: string; score: number },
) {
  const criterion = criterionIn(await criteriaOf(tx, openingId), input.criterionId);
  await assertApplicationOf(tx, openingId, input.applicationId);
  const [previous] = await tx
    .select({ score: candidateRatings.score })
    .from(candidateRatings)
    .where(
      and(
        eq(candidateRatings.applicationId, input.applicationId),
        eq(candidateRatings.criterionId, input.criterionId),
        eq(candidateRatings.raterId, raterId),
      ),
    );
  await tx
    .insert(candidateRatings)
    .values({ applicationId: input.applicationId, criterionId: input.criterionId, raterId, score: input.score })
    .onConflictDoUpdate({
      target: [candidateRatings.applicationId, candidateRatings.criterionId, candidateRatings.raterId],
      set: { score: input.score, updatedAt: sql`now()` },
    });
  // The score itself stays out: the last-change line reaches members who have not rated yet (ratings are blind).
  return {
    kind: 'candidate.rated',
    openingId,
    applicationId: input.applicationId,
    details: { criterion: criterion.name, previously: previous !== undefined },
  } satisfies AuditEntry;
}

// ---------------------------------------------------------------- recipe

export async function recipeOf(db: Executor, openingId: string) {
  const [row] = await db.select().from(rankingRecipes).where(eq(rankingRecipes.openingId, openingId));
  if (!row) return null;
  return { recipe: recipeSchema.parse(row.recipe), updatedAt: row.updatedAt };
}

/** The questions of the opening's current form a recipe can weigh: numbers and single/multiple choices. */
export async function rankableFields(db: Executor, opening: OpeningRow): Promise<RankableField[]> {
  if (opening.currentFormVersion === null) return [];
  const [row] = await db
    .select({ definition: openingFormVersions.definition })
    .from(openingFormVersions)
    .where(
      and(eq(openingFormVersions.openingId, opening.id), eq(openingFormVersions.version, opening.currentFormVersion)),
    );
  return rankableFieldsOf((row?.definition as FormDefinition | undefined) ?? null);
}

/** `rankableFields` of a current form already read (null: the opening has none). */
export function rankableFieldsOf(definition: FormDefinition | null): RankableField[] {
  if (!definition) return [];
  return fieldsOf(definition).flatMap((field): RankableField[] => {
    if (field.type === 'number' || field.type === 'linearScale') {
      return [{ id: field.id, label: field.label, type: 'number', options: [] }];
    }
    if (field.type === 'singleChoice' || field.type === 'multipleChoice' || field.type === 'dropdown') {
      return [
        {
          id: field.id,
          label: field.label,
          type: 'choice',
          options: field.options.map((option) => ({ id: option.id, label: option.label })),
        },
      ];
    }
    return [];
  });
}

/**
 * The opening's video tasks, removed ones too (flagged): a recipe that already uses a removed task keeps counting
 * its kept answers; `presentable` narrows the list to what the editor offers.
 */
export async function videoTasksOf(db: Executor, openingId: string): Promise<RankableVideoTask[]> {
  const rows = await db
    .select({ id: videoTasks.id, title: videoTasks.title, deletedAt: videoTasks.deletedAt })
    .from(videoTasks)
    .where(eq(videoTasks.openingId, openingId))
    .orderBy(asc(videoTasks.createdAt), asc(videoTasks.id));
  return rows.map((row) => ({ id: row.id, title: row.title, removed: row.deletedAt !== null }));
}

const videoTaskIdsOf = (recipe: Recipe | null | undefined) =>
  new Set((recipe?.criteria ?? []).flatMap((c) => (c.kind === 'videoScore' ? [c.taskId] : [])));

/** The opening's rounds (stages set up as rounds), in stage order: a recipe can weigh their scorecards. */
export async function roundsOfOpening(db: Executor, openingId: string): Promise<RankableRound[]> {
  return db
    .select({ id: interviewRounds.stageId, name: openingStages.name })
    .from(interviewRounds)
    .innerJoin(openingStages, eq(openingStages.id, interviewRounds.stageId))
    .where(eq(interviewRounds.openingId, openingId))
    .orderBy(asc(openingStages.position), asc(openingStages.id));
}

const roundIdsOf = (recipe: Recipe | null | undefined) =>
  new Set((recipe?.criteria ?? []).flatMap((c) => (c.kind === 'scorecard' ? [c.roundId] : [])));

/** The tasks the editor offers: the live ones, and removed ones the saved recipe still uses. */
export function presentableVideoTasks(tasks: RankableVideoTask[], recipe: Recipe | null | undefined) {
  const used = videoTaskIdsOf(recipe);
  return tasks.filter((task) => !task.removed || used.has(task.id));
}

/**
 * Checks what the schema cannot: rating criteria of this opening, questions of its form of the right kind, video
 * tasks of this opening (a removed one only when the saved recipe already uses it, so re-saving keeps working).
 */
export function assertRecipeFits(
  recipe: Recipe,
  criteria: RatingCriterion[],
  fields: RankableField[],
  videoTasks: RankableVideoTask[],
  saved: Recipe | null,
  rounds: RankableRound[] = [],
) {
  const offered = presentableVideoTasks(videoTasks, saved);
  const fieldOf = (id: string, type: RankableField['type'], path: string) => {
    const field = fields.find((f) => f.id === id && f.type === type);
    if (!field) {
      throw errors.validation([
        { field: path, message: `Not a ${type === 'number' ? 'number' : 'choice'} question of this opening` },
      ]);
    }
  };
  recipe.criteria.forEach((criterion, i) => {
    if (criterion.kind === 'rating' && !criteria.some((c) => c.id === criterion.criterionId)) {
      throw errors.validation([
        { field: `recipe.criteria.${i}.criterionId`, message: 'Not a rating criterion of this opening' },
      ]);
    }
    if (criterion.kind === 'videoScore' && !offered.some((task) => task.id === criterion.taskId)) {
      const removed = videoTasks.some((task) => task.id === criterion.taskId);
      throw errors.validation([
        {
          field: `recipe.criteria.${i}.taskId`,
          message: removed ? 'This video task was removed' : 'Not a video task of this opening',
        },
      ]);
    }
    if (criterion.kind === 'scorecard' && !rounds.some((r) => r.id === criterion.roundId)) {
      throw errors.validation([{ field: `recipe.criteria.${i}.roundId`, message: 'Not a round of this opening' }]);
    }
    if (criterion.kind === 'numberAnswer') fieldOf(criterion.fieldId, 'number', `recipe.criteria.${i}.fieldId`);
    if (criterion.kind === 'choiceAnswer') fieldOf(criterion.fieldId, 'choice', `recipe.criteria.${i}.fieldId`);
  });
  recipe.knockouts.forEach((knockout, i) => {
    if (knockout.kind === 'numberAnswerAtLeast') fieldOf(knockout.fieldId, 'number', `recipe.knockouts.${i}.fieldId`);
    if (knockout.kind === 'choiceAnswerIn') fieldOf(knockout.fieldId, 'choice', `recipe.knockouts.${i}.fieldId`);
  });
}

export async function saveRecipe(tx: Executor, actorId: number, openingId: string, recipe: Recipe) {
  await tx
    .insert(rankingRecipes)
    .values({ openingId, recipe, updatedBy: actorId })
    .onConflictDoUpdate({
      target: rankingRecipes.openingId,
      set: { recipe, updatedBy: actorId, updatedAt: sql`now()` },
    });
}

// ---------------------------------------------------------------- the ranking

export interface OrderedRow extends Record<string, unknown> {
  id: string;
  applicant_id: string | number;
  stage_id: string;
  submitted_at: string | Date;
  score: number;
  ko: number;
  pin_direction: 'top' | 'bottom' | null;
  pin_reason: string | null;
  pin_by: string | number | null;
  pin_at: string | Date | null;
  pin_group: number;
  position: string | number;
  name: string | null;
  pin_by_name: string | null;
  rated_by_viewer: string[];
  video_scored_by_viewer: string[];
  scorecards_seen_by_viewer: string[];
}

/**
 * What the ranking page needs besides the page, which the route's first read fetches with the caller and the opening
 * (an unchanged opening's page is then that read, the page beside its total, and the page's explanation).
 */
export interface RankingInputs {
  buildState: BuildState;
  criteria: RatingCriterion[];
  fields: RankableField[];
}

const iso = (value: string | Date) => new Date(value).toISOString();
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export function labelOf(
  criterion: RecipeCriterion,
  fields: RankableField[],
  criteria: RatingCriterion[],
  videoTasks: RankableVideoTask[],
  rounds: RankableRound[] = [],
): string {
  switch (criterion.kind) {
    case 'numberAnswer':
    case 'choiceAnswer':
      return fields.find((f) => f.id === criterion.fieldId)?.label ?? RECIPE_CRITERION_HELP[criterion.kind].label;
    case 'rating':
      return `${criteria.find((c) => c.id === criterion.criterionId)?.name ?? 'Removed criterion'} rating`;
    case 'videoScore': {
      const task = videoTasks.find((t) => t.id === criterion.taskId);
      if (!task) return 'Removed video task score';
      // "Intro video" scores as "Intro video score", not "Intro video video score".
      const named = /\bvideo$/i.test(task.title.trim()) ? `${task.title.trim()} score` : `${task.title} video score`;
      return `${named}${task.removed ? ' (task removed)' : ''}`;
    }
    case 'scorecard': {
      const round = rounds.find((r) => r.id === criterion.roundId);
      return round ? `${round.name} scorecards` : 'Removed round scorecards';
    }
    default:
      return RECIPE_CRITERION_HELP[criterion.kind].label;
  }
}

function rawText(
  criterion: RecipeCriterion,
  row: Record<string, unknown>,
  i: number,
  fields: RankableField[],
): string | null {
  const raw = row[`r${i}`] as number | null;
  if (raw === null || raw === undefined) return null;
  const value = Number(raw);
  switch (criterion.kind) {
    case 'grade':
      return `${round(value)} of ${Number(row[`s${i}`])}`;
    case 'rating':
    case 'videoScore':
    case 'scorecard':
      return `${round(value)} of 5`;
    case 'choiceAnswer': {
      const options = fields.find((f) => f.id === criterion.fieldId)?.options ?? [];
      const chosen = options.filter((o) => criterion.values[o.id] === value).map((o) => o.label);
      return chosen.length > 0 ? `${chosen.join(' / ')} (worth ${value})` : `worth ${value}`;
    }
    case 'verifiedRecords':
      return `${value} verified`;
    default:
      return String(round(value));
  }
}

/**
 * Per row, which of the recipe's judgement criteria the viewer may see (policies/judgement.ts): the rating criteria
 * they have rated this application on, and the video tasks whose submitted answer they have scored (or that have no
 * submitted answer: nothing to judge, nothing hidden).
 */
export function viewerJudgementColumns(viewer: JudgementViewer, applicationId: SQL, applicantId: SQL, bind = false) {
  const viewerId = bind && viewer.id !== null ? PAGE.viewerId : viewer.id;
  const ratedByViewer =
    viewer.ratingCriterionIds.length > 0
      ? sql`array(select c.id::text from unnest(${bind ? PAGE.ratingCriterionIds : uuidArray(viewer.ratingCriterionIds)}::uuid[]) as c(id)
          where ${ownRatingGivenSql(applicationId, sql`c.id`, viewerId)})`
      : sql`'{}'::text[]`;
  // A task whose submitted answer the viewer has scored, or with no submitted answer (nothing to judge, nothing hidden).
  const videoScoredByViewer =
    viewer.videoTaskIds.length > 0
      ? sql`array(select t.id::text from unnest(${bind ? PAGE.videoTaskIds : uuidArray(viewer.videoTaskIds)}::uuid[]) as t(id)
          where not exists(select 1 from video_answers va where va.candidate_id = ${applicantId}
            and va.task_id = t.id and va.submitted_at is not null
            and not ${ownVideoScoreGivenSql(sql`va.id`, viewerId)}))`
      : sql`'{}'::text[]`;
  // A round where the viewer submitted their scorecard on this application, or where no scorecard was submitted on it
  // yet (nothing hidden), or whose panel the viewer does not sit on (they give none there: policies/judgement.ts).
  const scorecardsSeenByViewer =
    viewer.roundIds.length > 0
      ? sql`array(select x.id::text from unnest(${bind ? PAGE.roundIds : uuidArray(viewer.roundIds)}::uuid[]) as x(id)
          where not exists(select 1 from round_scorecards sc where sc.round_id = x.id and sc.application_id = ${applicationId})
            or ${ownScorecardGivenSql(applicationId, sql`x.id`, viewerId)}
            or (${viewerId === null ? sql`false` : sql`not ${onRoundPanelSql(sql`x.id`, viewerId)}`}))`
      : sql`'{}'::text[]`;
  return { ratedByViewer, videoScoredByViewer, scorecardsSeenByViewer };
}

/**
 * The applications among `applicationIds` whose stored score the viewer may see — all of them unless the build's
 * recipe weighs a judgement (then one read): the responses table's score column follows the ranking page's rule.
 */
export async function scoresVisibleTo(
  db: Executor,
  openingId: string,
  viewerId: number,
  applicationIds: string[],
): Promise<Set<string> | null> {
  if (applicationIds.length === 0) return null;
  const [build] = rowsOf<{ recipe: Recipe | null }>(
    await db.execute(sql`select recipe from ranking_builds where opening_id = ${openingId}::uuid`),
  );
  const viewer = judgementViewer(viewerId, build?.recipe ?? null);
  if (viewer.ratingCriterionIds.length === 0 && viewer.videoTaskIds.length === 0 && viewer.roundIds.length === 0) {
    return null;
  }
  const { ratedByViewer, videoScoredByViewer, scorecardsSeenByViewer } = viewerJudgementColumns(
    viewer,
    sql`a.id`,
    sql`a.applicant_id`,
  );
  const rows = rowsOf<OrderedRow>(
    await db.execute(sql`select a.id::text as id, ${ratedByViewer} as rated_by_viewer,
        ${videoScoredByViewer} as video_scored_by_viewer, ${scorecardsSeenByViewer} as scorecards_seen_by_viewer
      from applications a where a.id = any(${`{${applicationIds.join(',')}}`}::uuid[])`),
  );
  const visible = new Set<string>();
  for (const row of rows) {
    const seen = [
      ...viewer.ratingCriterionIds.map((id) => othersJudgementVisible(row.rated_by_viewer.includes(id))),
      ...viewer.videoTaskIds.map((id) => othersJudgementVisible(row.video_scored_by_viewer.includes(id))),
      ...viewer.roundIds.map((id) => othersJudgementVisible(row.scorecards_seen_by_viewer.includes(id))),
    ];
    if (derivedScoreVisible(seen)) visible.add(row.id);
  }
  return visible;
}

/**
 * The page's rows of the stored ranking, in rank order, with what the page shows of each (the bench runs it too), and
 * which of the recipe's rating criteria the viewer has rated on each row (`rated_by_viewer`, by the ratings' key): an
 * unrated rating term stays hidden. The names are key lookups in the select list: as joins, seven tables took
 * PostgreSQL twice as long to plan (1.8 against 0.8 ms here, bench/results/hot-paths.md, 2026-11-28).
 */
export function storedPageSql(
  openingId: string,
  filter: (RankingFilter & { page: number; limit: number }) | { applicationIds: string[] },
  viewer: JudgementViewer,
  /** The values as `PAGE`'s placeholders (`pageValues`); the arguments then only decide the shape. */
  bind = false,
) {
  const { ratedByViewer, videoScoredByViewer, scorecardsSeenByViewer } = viewerJudgementColumns(
    viewer,
    sql`o.application_id`,
    sql`a.applicant_id`,
    bind,
  );
  return sql`select o.application_id as id, o.position, o.score, o.ko, o.pin_group,
      a.applicant_id, a.stage_id, a.submitted_at, p.direction as pin_direction, p.reason as pin_reason,
      p.pinned_by as pin_by, p.pinned_at as pin_at,
      (select coalesce(ip.name, u.name) from users u left join individual_profiles ip on ip.user_id = u.id
        where u.id = a.applicant_id) as name,
      (select coalesce(pip.name, pu.name) from users pu left join individual_profiles pip on pip.user_id = pu.id
        where pu.id = p.pinned_by) as pin_by_name,
      ${ratedByViewer} as rated_by_viewer, ${videoScoredByViewer} as video_scored_by_viewer,
      ${scorecardsSeenByViewer} as scorecards_seen_by_viewer
    from (select o.* from opening_rankings o
      where o.opening_id = ${bind ? PAGE.openingId : openingId}::uuid and ${
        'applicationIds' in filter
          ? sql`o.application_id = any(${bind ? PAGE.applicationIds : uuidArray(filter.applicationIds)}::uuid[])`
          : sql`${rankingFilterSql(filter, bind ? PAGE : undefined)}
      order by o.position
      limit ${bind ? PAGE.limit : filter.limit}::int offset ${bind ? PAGE.offset : (filter.page - 1) * filter.limit}::int`
      }) o
    join applications a on a.id = o.application_id
    left join ranking_pins p on p.application_id = o.application_id
    order by o.position`;
}

/** How many stored rows match a filter (on opening_rankings_filter_idx). */
export function countSql(openingId: string, filter: RankingFilter, bind = false) {
  return sql`select count(*) as n from opening_rankings o
    where o.opening_id = ${bind ? PAGE.openingId : openingId}::uuid and ${rankingFilterSql(filter, bind ? PAGE : undefined)}`;
}

/**
 * The placeholders of the ranking page's prepared statements (`bind`): every value a page, count or explanation
 * statement takes, so one text serves every request of the same shape (`pageValues` fills them).
 */
const PAGE = {
  openingId: sql.placeholder('openingId'),
  stageId: sql.placeholder('stageId'),
  minScore: sql.placeholder('minScore'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
  viewerId: sql.placeholder('viewerId'),
  ratingCriterionIds: sql.placeholder('ratingCriterionIds'),
  videoTaskIds: sql.placeholder('videoTaskIds'),
  roundIds: sql.placeholder('roundIds'),
  applicationIds: sql.placeholder('applicationIds'),
};

const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

function pageValues(
  openingId: string,
  filter: (RankingFilter & { page: number; limit: number }) | { applicationIds: string[] },
  viewer: JudgementViewer,
): Record<string, unknown> {
  const paged = 'applicationIds' in filter ? null : filter;
  return {
    openingId,
    stageId: paged?.stageId ?? null,
    minScore: paged?.minScore ?? null,
    limit: paged?.limit ?? null,
    offset: paged ? (paged.page - 1) * paged.limit : null,
    viewerId: viewer.id,
    ratingCriterionIds: uuidArray(viewer.ratingCriterionIds),
    videoTaskIds: uuidArray(viewer.videoTaskIds),
    roundIds: uuidArray(viewer.roundIds),
    applicationIds: 'applicationIds' in filter ? uuidArray(filter.applicationIds) : null,
  };
}

/** What decides the text of a page or count statement: which filters are given, and whose judgements it reads. */
function pageShape(
  filter: (RankingFilter & { page: number; limit: number }) | { applicationIds: string[] },
  viewer: JudgementViewer,
) {
  const where =
    'applicationIds' in filter
      ? 'ids'
      : `${filter.stageId ? 's' : ''}${filter.minScore !== undefined ? 'm' : ''}${filter.show}`;
  return `${where}:${viewer.id === null ? 'anon' : 'viewer'}:${viewer.ratingCriterionIds.length > 0 ? 'r' : ''}${viewer.videoTaskIds.length > 0 ? 'v' : ''}${viewer.roundIds.length > 0 ? 'c' : ''}`;
}

/**
 * The ranking page's statements as prepared statements, one per shape (pageShape; the explanation: per recipe):
 * the text is built once instead of on every request — building these through the query builder cost the server
 * more CPU than the rest of the request's work — and PostgreSQL parses and plans each once per connection.
 */
const rankingStatements = preparedShapes('ranking');

export function storedPage(
  db: Executor,
  openingId: string,
  filter: (RankingFilter & { page: number; limit: number }) | { applicationIds: string[] },
  viewer: JudgementViewer,
): Promise<OrderedRow[]> {
  return rankingStatements<OrderedRow>(
    db,
    `page:${pageShape(filter, viewer)}`,
    () => storedPageSql(openingId, filter, viewer, true),
    pageValues(openingId, filter, viewer),
  );
}

function storedCount(db: Executor, openingId: string, filter: RankingFilter & { page: number; limit: number }) {
  const viewer: JudgementViewer = { id: null, ratingCriterionIds: [], videoTaskIds: [], roundIds: [] };
  return rankingStatements<{ n: string | number }>(
    db,
    `count:${pageShape(filter, viewer)}`,
    () => countSql(openingId, filter, true),
    pageValues(openingId, filter, viewer),
  );
}

/**
 * The explanation columns (r{i}, s{i}, n{i}) of the given applications, against the build's opening-wide stats. Its
 * own statement after the page: folded into the page's statement (the page as a CTE the chain reads), planning the
 * larger join took longer than the two statements together (bench/results/hot-paths.md, 2026-11-27 20:50).
 */
export function explanationSql(
  openingId: string,
  recipe: Recipe | null,
  applicationIds: string[],
  stats: Record<string, number | null>,
  bind = false,
) {
  return sql`${rankingCtes({ openingId, recipe, only: { applicationIds, stats }, bind })}
    select r.id ${explanationColumns(recipe)} from raw r cross join stats st`;
}

/**
 * One page of an opening's candidates in rank order, filtered (the rank stays the opening-wide one). The order comes
 * from the stored ranking (ranking-store.ts: rebuilt by one statement over every application when an input changed
 * since, read from its position index otherwise); only the page's rows are explained (`explainStoredRows`).
 */
export async function rankingPage(
  db: Executor,
  viewerId: number,
  opening: OpeningRow,
  filter: RankingFilter & { page: number; limit: number },
  inputs: RankingInputs,
): Promise<RankingPage> {
  const build = await currentRankingBuild(db, opening.id, inputs.buildState, { staleOk: true });
  const { recipe } = build;
  const viewer = judgementViewer(viewerId, recipe);
  // The page (with the viewer's own judgements on it) beside the total; then the page's explanation.
  const [rows, total] = await readTogether(db, [
    () => storedPage(db, opening.id, filter, viewer),
    () => totalOf(db, opening.id, build, filter),
  ]);
  return {
    items: await explainStoredRows(db, opening.id, build, rows, inputs),
    total,
    page: filter.page,
    limit: filter.limit,
    hasRecipe: recipe !== null,
    tieBreak: RANKING_TIE_BREAK,
    stale: build.stale,
  };
}

export interface JudgementViewer {
  id: number | null;
  ratingCriterionIds: string[];
  videoTaskIds: string[];
  roundIds: string[];
}

/** Whose own judgements decide what is hidden (null: a share-link visitor, who judges nothing), on which criteria. */
export function judgementViewer(viewerId: number | null, recipe: Recipe | null): JudgementViewer {
  const criteria = recipe?.criteria ?? [];
  return {
    id: viewerId,
    ratingCriterionIds: criteria.flatMap((c) => (c.kind === 'rating' ? [c.criterionId] : [])),
    videoTaskIds: [...videoTaskIdsOf(recipe)],
    roundIds: [...roundIdsOf(recipe)],
  };
}

/**
 * Stored ranking rows (`storedPageSql`'s columns) as the viewer may see them: each criterion's term (raw,
 * normalised, contribution) from the rows' raw values and the build's opening-wide stats, the one-line why, pins and
 * knock-outs. The blindness rule (policies/judgement.ts): a rating or video-score term the viewer has not given
 * their own judgement on is hidden, and so is the score, which sums it. The ranking page and the shortlist views
 * (the organization's and a share link's) call it, so they show the same score and breakdown.
 */
export async function explainStoredRows(
  db: Executor,
  openingId: string,
  build: { recipe: Recipe | null; stats: Record<string, number | null> },
  rows: OrderedRow[],
  inputs: Pick<RankingInputs, 'criteria' | 'fields'>,
): Promise<RankedCandidate[]> {
  const { criteria, fields } = inputs;
  const { recipe, stats } = build;
  const recipeCriteria = recipe?.criteria ?? [];
  const totalWeight = recipeCriteria.reduce((sum, c) => sum + c.weight, 0);
  const ids = rows.map((row) => row.id);
  const [terms, tasks, rounds] = await readTogether(db, [
    async () =>
      recipeCriteria.length > 0 && ids.length > 0
        ? rankingStatements<Record<string, unknown>>(
            db,
            // The text depends on the recipe alone (its values included): one statement per recipe.
            `explanation:${JSON.stringify(recipe)}`,
            () => explanationSql(openingId, recipe, ids, stats, true),
            { openingId, applicationIds: uuidArray(ids), stats: JSON.stringify(stats) },
          )
        : [],
    async () => (videoTaskIdsOf(recipe).size > 0 && ids.length > 0 ? videoTasksOf(db, openingId) : []),
    async () => (roundIdsOf(recipe).size > 0 && ids.length > 0 ? roundsOfOpening(db, openingId) : []),
  ]);
  const explained = new Map(terms.map((row) => [String(row.id), row]));

  return rows.map((row): RankedCandidate => {
    // The explanation's columns (r{i}, s{i}, n{i}) stay in their own row: merging the two rows into one object
    // (`{ ...terms, ...row }`) cost 0.4 ms a row in V8 (a second spread into a literal takes a slow path) — 11 ms of
    // CPU on a page of 25, more than everything else the server did for it (hot-paths.md, 2026-11-28 21:40).
    const term: Record<string, unknown> = explained.get(row.id) ?? {};
    const knockouts = knockoutReasons(recipe, Number(row.ko));
    const visible = recipeCriteria.map((criterion) =>
      criterion.kind === 'rating'
        ? othersJudgementVisible(row.rated_by_viewer.includes(criterion.criterionId))
        : criterion.kind === 'videoScore'
          ? othersJudgementVisible(row.video_scored_by_viewer.includes(criterion.taskId))
          : criterion.kind === 'scorecard'
            ? othersJudgementVisible((row.scorecards_seen_by_viewer ?? []).includes(criterion.roundId))
            : true,
    );
    const explanation = recipeCriteria.map((criterion, i): ScoreTerm => {
      const hidden = !visible[i];
      const value = term[`n${i}`];
      const normalised = value === null || value === undefined ? 0 : Number(value);
      return {
        index: i,
        kind: criterion.kind,
        label: labelOf(criterion, fields, criteria, tasks, rounds),
        raw: hidden ? null : rawText(criterion, term, i, fields),
        normalised: hidden ? null : round(normalised, 3),
        weight: criterion.weight,
        contribution: hidden ? null : totalWeight > 0 ? round((normalised * criterion.weight * 100) / totalWeight) : 0,
      };
    });
    const pin = row.pin_direction
      ? {
          direction: row.pin_direction,
          reason: row.pin_reason ?? '',
          by: { id: row.pin_by === null ? null : Number(row.pin_by), name: row.pin_by_name },
          at: iso(row.pin_at ?? new Date()),
        }
      : null;
    return {
      applicationId: row.id,
      applicant: { id: Number(row.applicant_id), name: row.name },
      stageId: row.stage_id,
      submittedAt: iso(row.submitted_at),
      rank: row.pin_group < 3 ? Number(row.position) : null,
      score: derivedScoreVisible(visible) ? Number(row.score) : null,
      why: whyOf(recipe, knockouts, pin, explanation),
      knockouts,
      pin,
      explanation,
    };
  });
}

/**
 * How many candidates match the filter: without a stage or a minimum score, from the build's totals; otherwise
 * counted on the filter index (opening, stage, knocked out or not, score).
 */
async function totalOf(
  db: Executor,
  openingId: string,
  build: RankingBuild,
  filter: RankingFilter & { page: number; limit: number },
) {
  if (!filter.stageId && filter.minScore === undefined) {
    if (filter.show === 'passing') return build.total - build.knockedOut;
    return filter.show === 'knockedOut' ? build.knockedOut : build.total;
  }
  const [row] = await storedCount(db, openingId, filter);
  return Number(row?.n ?? 0);
}

/** One line: the knock-out, the pin, or the two largest contributions. */
function whyOf(recipe: Recipe | null, knockouts: string[], pin: RankedCandidate['pin'], terms: ScoreTerm[]): string {
  if (pin) return `Pinned to the ${pin.direction}: ${pin.reason}`;
  if (knockouts.length > 0) return `Excluded: ${knockouts.join('; ')}`;
  if (recipe === null) return 'No ranking recipe yet: in order of application';
  const top = terms
    .filter((term) => term.contribution !== null && term.contribution > 0)
    .sort((a, b) => (b.contribution ?? 0) - (a.contribution ?? 0))
    .slice(0, 2);
  if (top.length === 0) return 'Scores nothing on the recipe’s criteria';
  return top.map((term) => `${term.label} ${term.raw ?? ''} (+${term.contribution})`.replace('  ', ' ')).join(' · ');
}

// ---------------------------------------------------------------- pins

export async function pin(
  tx: Executor,
  actorId: number,
  openingId: string,
  input: { applicationId: string; direction: 'top' | 'bottom'; reason: string },
) {
  await assertApplicationOf(tx, openingId, input.applicationId);
  await tx
    .insert(rankingPins)
    .values({ ...input, openingId, pinnedBy: actorId })
    .onConflictDoUpdate({
      target: rankingPins.applicationId,
      set: { direction: input.direction, reason: input.reason, pinnedBy: actorId, pinnedAt: sql`now()` },
    });
}

/** Removes a pin; answers with the pin that was there (null when there was none). */
export async function unpin(tx: Executor, openingId: string, applicationId: string) {
  await assertApplicationOf(tx, openingId, applicationId);
  const [removed] = await tx
    .delete(rankingPins)
    .where(and(eq(rankingPins.applicationId, applicationId), eq(rankingPins.openingId, openingId)))
    .returning();
  return removed ?? null;
}

export async function pinOf(db: Executor, applicationId: string) {
  const [row] = await db
    .select({
      direction: rankingPins.direction,
      reason: rankingPins.reason,
      byId: rankingPins.pinnedBy,
      byName: sql<string | null>`coalesce(${individualProfiles.name}, ${users.name})`,
      at: rankingPins.pinnedAt,
    })
    .from(rankingPins)
    .leftJoin(users, eq(users.id, rankingPins.pinnedBy))
    .leftJoin(individualProfiles, eq(individualProfiles.userId, rankingPins.pinnedBy))
    .where(eq(rankingPins.applicationId, applicationId));
  return row
    ? {
        direction: row.direction,
        reason: row.reason,
        by: { id: row.byId, name: row.byName },
        at: row.at.toISOString(),
      }
    : null;
}

// ---------------------------------------------------------------- scores of chosen candidates

/**
 * The stored ranking's rank, score and breakdown of some applications of an opening, as `viewerId` may see them
 * (null: a share-link visitor, who judges nothing, so every judgement term — and a score summing one — is hidden):
 * the same `explainStoredRows` the ranking page uses, so a shortlist (the organization's and a share link's) shows
 * the score and breakdown the ranking page shows that viewer. The ranking is made current first (a rebuild when an
 * input changed). Null when the opening has no recipe (no score to show).
 */
export async function storedScoresOf(
  db: Executor,
  openingId: string,
  viewerId: number | null,
  applicationIds: string[],
): Promise<Map<string, RankedCandidate> | null> {
  if (applicationIds.length === 0) return null;
  const build = await currentRankingBuild(db, openingId);
  if (build.recipe === null) return null;
  const viewer = judgementViewer(viewerId, build.recipe);
  const [rows, criteria, form] = await readTogether(db, [
    async () => rowsOf<OrderedRow>(await db.execute(storedPageSql(openingId, { applicationIds }, viewer))),
    () => criteriaOf(db, openingId),
    async () =>
      rowsOf<{ definition: FormDefinition | null }>(
        await db.execute(sql`select v.definition from openings o join opening_form_versions v
          on v.opening_id = o.id and v.version = o.current_form_version where o.id = ${openingId}::uuid`),
      ),
  ]);
  const fields = rankableFieldsOf(form[0]?.definition ?? null);
  const explained = await explainStoredRows(db, openingId, build, rows, { criteria, fields });
  return new Map(explained.map((row) => [row.applicationId, row]));
}
