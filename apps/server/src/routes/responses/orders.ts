import { type ApplicationFilter, RESPONSE_ORDERS, type ResponseOrder } from '@placely/contract';
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { applicationSortKeys, applications, openingRankings, openingStages } from '../../db/schema';
import { errors } from '../../errors';
import type { CursorSigner } from '../../http/cursor';
import type { ReceivedApplicationRow } from '../../presenters/application';
import { applicationFilterConditions, readyForFilter } from '../../services/shortlisting/filters';
import { currentRankingBuild } from '../../services/shortlisting/ranking-store';
import { verifiedEducationFactsSql } from '../../services/verification';

/**
 * What every page of the responses view selects besides its sort key: the application, the applicant's name and
 * email, whether a live verification exists (badges are looked up only then), the profile facts shown in the table
 * (through the same `profile_fact` the ranking and the sort keys use) and the stored ranking's score.
 *
 * One JSON value per row, built by the database: the driver parses it natively in one call, where sixteen columns
 * cost the driver a string per field and the ORM a type check and decoder call per field (issue #17: 15–30 % less
 * server CPU per page). `pageRowOf` names every field it keeps and turns the JSON timestamps back into dates.
 *
 * Everything beside the application is a lookup by key in the select list, not a join: every page is planned with
 * its values, and a join of four tables whose keys are all the applicant cost PostgreSQL more to plan than to run
 * (1.3 against 0.5 ms to plan the first page, the same plan for the rows: bench/results/hot-paths.md, 2026-11-28).
 * Each page statement reads `applications` (and its sort key's table) and nothing else in its FROM.
 */
export const pageColumns = {
  page: sql<PageRow>`json_build_object(
    'id', ${applications.id},
    'applicantId', ${applications.applicantId},
    'formVersion', ${applications.formVersion},
    'answers', ${applications.answers},
    'status', ${applications.status},
    'stageId', ${applications.stageId},
    'revision', ${applications.revision},
    'submittedAt', ${applications.submittedAt},
    'updatedAt', ${applications.updatedAt},
    'applicant', (select json_build_object('name', coalesce(ip.name, u.name), 'email', u.email)
      from users u left join individual_profiles ip on ip.user_id = u.id where u.id = ${applications.applicantId}),
    'hasVerifications', exists(select 1 from record_verifications rv
      where rv.subject_user_id = ${applications.applicantId} and rv.voided_at is null),
    'facts', coalesce(
      -- The verified education's values as its verifier saw them; looked up only for someone with a live decision.
      case when exists(select 1 from record_verifications rv
        where rv.subject_user_id = ${applications.applicantId} and rv.voided_at is null)
      then (select json_build_object('grade', profile_fact(v.facts, 'grade'), 'gradeScale', v.facts ->> 'gradeScale',
          'graduationYear', profile_fact(v.facts, 'graduationYear'), 'verified', true)
        from (select ${verifiedEducationFactsSql(applications.applicantId)} as facts) v where v.facts is not null) end,
      (select json_build_object('grade', profile_fact(f.data, 'grade'), 'gradeScale', f.data ->> 'gradeScale',
          'graduationYear', profile_fact(f.data, 'graduationYear'), 'verified', false)
        from auto_fill_data f where f.user_id = ${applications.applicantId})),
    'score', (select r.score from opening_rankings r where r.application_id = ${applications.id}))`.mapWith(pageRowOf),
};

/** Page rows (`pageColumns`) read straight from `applications`: every page but the sort-key and score orders'. */
export function pageRowsOfApplications(db: Executor) {
  return db.select(pageColumns).from(applications);
}

/** The page row's JSON as the database builds it (`pageColumns`): ISO timestamps, the applicant and facts nested. */
type PageRowJson = Omit<ReceivedApplicationRow, 'submittedAt' | 'updatedAt'> & {
  submittedAt: string;
  updatedAt: string;
  // An applicant's user row always exists (the foreign key cascades); the auto-fill row may not.
  applicant: { name: string | null; email: string };
  hasVerifications: boolean;
  facts: (Pick<PageRow, 'grade' | 'gradeScale' | 'graduationYear'> & { verified: boolean }) | null;
  score: number | null;
};

function pageRowOf(json: PageRowJson): PageRow {
  return {
    application: {
      id: json.id,
      applicantId: json.applicantId,
      formVersion: json.formVersion,
      answers: json.answers,
      status: json.status,
      stageId: json.stageId,
      revision: json.revision,
      submittedAt: new Date(json.submittedAt),
      updatedAt: new Date(json.updatedAt),
    },
    name: json.applicant.name,
    email: json.applicant.email,
    hasVerifications: json.hasVerifications,
    grade: json.facts?.grade ?? null,
    gradeScale: json.facts?.gradeScale ?? null,
    graduationYear: json.facts?.graduationYear ?? null,
    factsVerified: json.facts?.verified ?? false,
    score: json.score,
  };
}

/** Where a page ended in its order: the sort key (null in the tail of applications without one), and the id. */
export interface Position {
  key: string | number | null;
  id: string;
  /** Stage orders: the stage and the submission time within it. */
  stageId?: string;
  at?: string;
}

interface CursorPayload {
  o: ResponseOrder;
  k: string | number | null;
  i: string;
  s?: string;
  t?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isIsoTime = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value));
type KeyKind = 'time' | 'text' | 'number' | 'stage' | 'score';
const KEY_KIND: Record<ResponseOrder, KeyKind> = {
  newest: 'time',
  oldest: 'time',
  nameAsc: 'text',
  nameDesc: 'text',
  gradeDesc: 'number',
  gradeAsc: 'number',
  graduationYearAsc: 'number',
  graduationYearDesc: 'number',
  stageAsc: 'stage',
  stageDesc: 'stage',
  scoreDesc: 'score',
  scoreAsc: 'score',
};

/** Whether a decoded payload is a position in `order`, key types included. */
function positionOf(order: ResponseOrder, payload: unknown): Position | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { k, i, s, t } = payload as Partial<CursorPayload>;
  if (typeof i !== 'string' || !UUID.test(i)) return null;
  switch (KEY_KIND[order]) {
    case 'time':
      return isIsoTime(k) ? { key: k, id: i } : null;
    case 'text':
      return k === null || typeof k === 'string' ? { key: k, id: i } : null;
    case 'number':
      return k === null || (typeof k === 'number' && Number.isFinite(k)) ? { key: k, id: i } : null;
    case 'score':
      return typeof k === 'number' && Number.isFinite(k) ? { key: k, id: i } : null;
    case 'stage':
      return typeof k === 'number' && Number.isInteger(k) && typeof s === 'string' && UUID.test(s) && isIsoTime(t)
        ? { key: k, id: i, stageId: s, at: t }
        : null;
  }
}

/** The responses view's cursors: signed for one opening, naming their order. */
export function responseCursors(signer: CursorSigner) {
  const scope = (openingId: string) => `responses:${openingId}`;
  return {
    encode(openingId: string, order: ResponseOrder, position: Position): string {
      const payload: CursorPayload = { o: order, k: position.key, i: position.id };
      if (position.stageId !== undefined) payload.s = position.stageId;
      if (position.at !== undefined) payload.t = position.at;
      return signer.sign(scope(openingId), payload);
    },
    /** The position a cursor names; one not issued for this opening, or for another order, is a 400 naming it. */
    decode(openingId: string, order: ResponseOrder, cursor: string | undefined): Position | null {
      if (!cursor) return null;
      const payload = signer.open(scope(openingId), cursor);
      if (payload === null) throw errors.validation([{ field: 'cursor', message: 'Not a valid cursor' }]);
      const named = (payload as Partial<CursorPayload>).o;
      if (named !== order) {
        const message = RESPONSE_ORDERS.includes(named as ResponseOrder)
          ? 'This cursor belongs to another order: start again from the first page'
          : 'Not a valid cursor';
        throw errors.validation([{ field: 'cursor', message }]);
      }
      const position = positionOf(order, payload);
      if (!position) throw errors.validation([{ field: 'cursor', message: 'Not a valid cursor' }]);
      return position;
    },
  };
}

/** A row of any page (`pageColumns`). */
export interface PageRow {
  application: ReceivedApplicationRow;
  name: string | null;
  email: string;
  hasVerifications: boolean;
  grade: number | null;
  gradeScale: string | null;
  graduationYear: number | null;
  /** The facts are the verified education's (else self-reported auto-fill data). */
  factsVerified: boolean;
  score: number | null;
}

/** A row of a range: the page's row and, for the sort-key and score orders, the key it is sorted by. */
type KeyedRow = { page: PageRow; key?: string | number | null };

/**
 * One range of a keyset walk: the rows after `position` (or from the start), at most `limit`, in the index's order,
 * as a query not yet run (the bench runs the same statements under pgbench and EXPLAIN). A page is read range after
 * range until it is full: the applications with a sort key, then those without (the "given last" tail), or one
 * stage after another.
 */
export interface Range {
  query(limit: number): PromiseLike<KeyedRow[]> & { toSQL(): { sql: string; params: unknown[] } };
  position(row: KeyedRow): Position;
}

const SORT_KEY_COLUMNS = {
  name: applicationSortKeys.nameKey,
  grade: applicationSortKeys.gradeShare,
  graduationYear: applicationSortKeys.graduationYear,
} as const;

const keyed = (row: KeyedRow): Position => ({ key: row.key ?? null, id: row.page.application.id });

/**
 * A sort-key order (`application_sort_keys`, one index of (opening, key, application) per key): first the
 * applications with the key, an index range in either direction, then those without it by id, so they come last
 * whichever way the table is sorted. Filters are the shortlisting filters' conditions on `applications`.
 */
function sortKeyRanges(
  db: Executor,
  openingId: string,
  column: AnyPgColumn,
  descending: boolean,
  after: Position | null,
  conditions: SQL[],
): Range[] {
  const id = applicationSortKeys.applicationId;
  const direction = descending ? desc : asc;
  const beyond = descending ? lt : gt;
  const read = (where: SQL | undefined, order: SQL[]): Range => ({
    query: (limit) =>
      db
        .select({ ...pageColumns, key: sql<string | number | null>`${column}` })
        .from(applicationSortKeys)
        .innerJoin(applications, eq(applications.id, applicationSortKeys.applicationId))
        .where(and(eq(applicationSortKeys.openingId, openingId), where, ...conditions))
        .orderBy(...order)
        .limit(limit),
    position: keyed,
  });
  const cast = column === applicationSortKeys.nameKey ? sql`::text` : sql`::float8`;
  const withKey = read(
    after
      ? descending
        ? sql`(${column}, ${id}) < (${after.key}${cast}, ${after.id}::uuid)`
        : sql`(${column}, ${id}) > (${after.key}${cast}, ${after.id}::uuid)`
      : isNotNull(column),
    [direction(column), direction(id)],
  );
  const withoutKey = read(and(isNull(column), after?.key === null ? beyond(id, after.id) : undefined), [direction(id)]);
  return after?.key === null ? [withoutKey] : [withKey, withoutKey];
}

/** The score orders: the stored ranking's rows (every application of the opening has one once it is current). */
function scoreRanges(
  db: Executor,
  openingId: string,
  descending: boolean,
  after: Position | null,
  conditions: SQL[],
): Range[] {
  const { score, applicationId: id } = openingRankings;
  const direction = descending ? desc : asc;
  return [
    {
      query: (limit) =>
        db
          .select({ ...pageColumns, key: score })
          .from(openingRankings)
          .innerJoin(applications, eq(applications.id, openingRankings.applicationId))
          .where(
            and(
              eq(openingRankings.openingId, openingId),
              after
                ? descending
                  ? sql`(${score}, ${id}) < (${after.key}::float8, ${after.id}::uuid)`
                  : sql`(${score}, ${id}) > (${after.key}::float8, ${after.id}::uuid)`
                : undefined,
              ...conditions,
            ),
          )
          .orderBy(direction(score), direction(id))
          .limit(limit),
      position: keyed,
    },
  ];
}

export interface Stage {
  id: string;
  position: number;
}

/**
 * The opening's stages in the order a stage order walks them (only the filter's stage, when it names one), and only
 * those holding an application (one probe of the stage index each): a pipeline's later stages are often empty, and
 * each would otherwise cost the page a round trip.
 */
export function stagesInOrder(db: Executor, openingId: string, descending: boolean, stageId?: string) {
  return db
    .select({ id: openingStages.id, position: openingStages.position })
    .from(openingStages)
    .where(
      and(
        eq(openingStages.openingId, openingId),
        stageId ? eq(openingStages.id, stageId) : undefined,
        sql`exists (select 1 from applications a where a.opening_id = ${openingStages.openingId}
          and a.stage_id = ${openingStages.id})`,
      ),
    )
    .orderBy(descending ? desc(openingStages.position) : asc(openingStages.position));
}

/**
 * The stage orders: the opening's stages in pipeline order (or its reverse), each a range of the
 * (opening, stage, submitted_at, id) index — newest first within a stage, oldest first in the reverse order, the
 * exact reverse. A cursor names its stage; if that stage was removed meanwhile, the walk goes on from where it stood.
 */
function stageRanges(
  db: Executor,
  openingId: string,
  descending: boolean,
  after: Position | null,
  stages: Stage[],
  conditions: SQL[],
): Range[] {
  let from = 0;
  if (after) {
    const at = stages.findIndex((stage) => stage.id === after.stageId);
    from =
      at >= 0
        ? at
        : stages.findIndex((stage) =>
            descending ? stage.position < Number(after.key) : stage.position > Number(after.key),
          );
    if (from < 0) return [];
  }
  const direction = descending ? asc : desc;
  const time = applications.submittedAt;
  return stages.slice(from).map((stage) => {
    const resume = after && stage.id === after.stageId;
    return {
      query: (limit: number) =>
        pageRowsOfApplications(db)
          .where(
            and(
              eq(applications.openingId, openingId),
              eq(applications.stageId, stage.id),
              resume
                ? descending
                  ? sql`(${time}, ${applications.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
                  : sql`(${time}, ${applications.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
                : undefined,
              ...conditions,
            ),
          )
          .orderBy(direction(time), direction(applications.id))
          .limit(limit),
      position: (row: KeyedRow): Position => ({
        key: stage.position,
        id: row.page.application.id,
        stageId: stage.id,
        at: row.page.application.submittedAt.toISOString(),
      }),
    };
  });
}

export type SortedOrder = Exclude<ResponseOrder, 'newest' | 'oldest'>;

/**
 * The ranges a page in `order` reads, in turn. Stage orders need the opening's stages (`stagesInOrder`); the others
 * ignore them. The conditions are the filter's (`applicationFilterConditions`), without the stage for stage orders.
 */
export function responseRanges(
  db: Executor,
  input: { openingId: string; order: SortedOrder; after: Position | null; conditions: SQL[]; stages: Stage[] },
): Range[] {
  const { openingId, order, after, conditions, stages } = input;
  switch (order) {
    case 'nameAsc':
    case 'nameDesc':
      return sortKeyRanges(db, openingId, SORT_KEY_COLUMNS.name, order === 'nameDesc', after, conditions);
    case 'gradeAsc':
    case 'gradeDesc':
      return sortKeyRanges(db, openingId, SORT_KEY_COLUMNS.grade, order === 'gradeDesc', after, conditions);
    case 'graduationYearAsc':
    case 'graduationYearDesc':
      return sortKeyRanges(
        db,
        openingId,
        SORT_KEY_COLUMNS.graduationYear,
        order === 'graduationYearDesc',
        after,
        conditions,
      );
    case 'scoreAsc':
    case 'scoreDesc':
      return scoreRanges(db, openingId, order === 'scoreDesc', after, conditions);
    case 'stageAsc':
    case 'stageDesc':
      return stageRanges(db, openingId, order === 'stageDesc', after, stages, conditions);
  }
}

/**
 * A page of the responses view in any order but submission time (whose pages stay prepared statements in
 * index.ts): `limit + 1` rows at most, so the caller knows whether another page follows. Filters never change which
 * applications match, only their order: every application has a sort-key row (written by trigger with it) and a
 * stored ranking row once the ranking is current, which the score orders make sure of first — unless another
 * request is rebuilding it right then: the page then walks the last build (its applications, in its order) and
 * `scoresStale` says so, rather than waiting for the rebuild.
 */
export async function orderedPage(
  db: Executor,
  input: { openingId: string; order: SortedOrder; after: Position | null; limit: number; filter: ApplicationFilter },
) {
  const { openingId, order, after, limit, filter } = input;
  await readyForFilter(db, openingId, filter);
  // A score order may walk the last build while another request rebuilds it (`staleOk`): the page says so.
  const scoresStale =
    order === 'scoreAsc' || order === 'scoreDesc'
      ? (await currentRankingBuild(db, openingId, undefined, { staleOk: true })).stale
      : false;
  const staged = order === 'stageAsc' || order === 'stageDesc';
  // The stage orders walk one stage at a time, so a stage filter only picks which stages they walk.
  const conditions = applicationFilterConditions(staged ? { ...filter, stageId: undefined } : filter);
  const stages = staged ? await stagesInOrder(db, openingId, order === 'stageDesc', filter.stageId) : [];
  const ranges = responseRanges(db, { openingId, order, after, conditions, stages });
  const want = limit + 1;
  const rows: { row: PageRow; position: Position }[] = [];
  for (const range of ranges) {
    if (rows.length >= want) break;
    for (const found of await range.query(want - rows.length)) {
      rows.push({ row: found.page, position: range.position(found) });
    }
  }
  return { rows, scoresStale };
}
