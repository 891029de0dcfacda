import type { Recipe } from '@placely/contract';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../src/db/schema';
import { rankingCallerAndOpeningQuery } from '../../src/routes/shortlisting/ranking';
import { countSql, explanationSql, storedPageSql } from '../../src/services/shortlisting/ranking';
import {
  explanationColumns,
  explanationJoin,
  type RankingFilter,
  rankingCtes,
  rankingFilterSql,
} from '../../src/services/shortlisting/ranking-sql';
import { buildStateSql, rebuildSql } from '../../src/services/shortlisting/ranking-store';
import type { BenchContext, BenchDb, OneShot, Scenario } from '../scenario';
import { boundStatement, inline } from '../sql';
import { applicationCount, exportOf, prepareOpenings, state } from './applications';

/**
 * Shortlisting on the 100 000-application opening of the applications scenarios: profile facts for every applicant,
 * a fifth of them moved to Shortlisted, ratings on a tenth, and a recipe using every kind of criterion the data has
 * (number and choice answers, grade, graduation year, backlogs, average rating) with a knock-out.
 */
const ranking = { shortlistedStageId: '', overallCriterionId: '', recipe: null as Recipe | null };
const PAGE = 25;
const FILTER: RankingFilter = { stageId: '', minScore: 20, show: 'passing' };

let prepared: Promise<void> | null = null;
function prepareRanking(db: BenchDb): Promise<void> {
  prepared ??= (async () => {
    await prepareOpenings(db);
    const opening = state.fullOpening;
    await db.query(
      `INSERT INTO auto_fill_data (user_id, data)
       SELECT a.applicant_id, jsonb_build_object('grade', 5 + (a.applicant_id % 50) / 10.0, 'gradeScale', 'CGPA_10',
         'graduationYear', 2024 + a.applicant_id % 3, 'currentBacklogs', a.applicant_id % 4)
       FROM applications a WHERE a.opening_id = $1
       ON CONFLICT (user_id) DO UPDATE SET data = auto_fill_data.data || excluded.data`,
      [opening],
    );
    const stage = await db.query<{ id: string }>(
      `SELECT id FROM opening_stages WHERE opening_id = $1 AND kind = 'shortlisted'`,
      [opening],
    );
    ranking.shortlistedStageId = stage.rows[0]?.id ?? '';
    await db.query(`UPDATE applications SET stage_id = $2 WHERE opening_id = $1 AND applicant_id % 5 = 0`, [
      opening,
      ranking.shortlistedStageId,
    ]);
    const criterion = await db.query<{ id: string }>(`SELECT id FROM rating_criteria WHERE opening_id = $1`, [opening]);
    ranking.overallCriterionId = criterion.rows[0]?.id ?? '';
    await db.query(
      `INSERT INTO candidate_ratings (application_id, criterion_id, rater_id, score)
       SELECT a.id, $2, $3, 1 + a.applicant_id % 5 FROM applications a
       WHERE a.opening_id = $1 AND a.applicant_id % 10 = 0 ON CONFLICT DO NOTHING`,
      [opening, ranking.overallCriterionId, state.organizationId],
    );
    const recipe: Recipe = {
      criteria: [
        { kind: 'numberAnswer', fieldId: 'cgpa', weight: 3, better: 'higher' },
        { kind: 'choiceAnswer', fieldId: 'track', weight: 1, values: { be: 100, fe: 60 } },
        { kind: 'grade', weight: 2 },
        { kind: 'graduationYear', weight: 1, better: 'higher' },
        { kind: 'backlogs', weight: 1 },
        { kind: 'rating', criterionId: ranking.overallCriterionId, weight: 2 },
      ],
      knockouts: [{ kind: 'maxBacklogs', count: 2 }],
    };
    ranking.recipe = recipe;
    await db.query(
      `INSERT INTO ranking_recipes (opening_id, recipe) VALUES ($1, $2)
       ON CONFLICT (opening_id) DO UPDATE SET recipe = excluded.recipe`,
      [opening, JSON.stringify(recipe)],
    );
    await db.query('ANALYZE');
  })();
  return prepared;
}

const pageFilter = () => ({ ...FILTER, stageId: ranking.shortlistedStageId, page: 1, limit: PAGE });

/** The full ranking statement of the first page, as every request ran it before the ranking was stored. */
function fullRankingPageSql(): string {
  return inline(sql`${rankingCtes({ openingId: state.fullOpening, recipe: ranking.recipe })}
    select o.*, coalesce(ip.name, u.name) as name, coalesce(pip.name, pu.name) as pin_by_name
      ${explanationColumns(ranking.recipe)}
    from (select o.*, count(*) over () as total from ordered o
      where ${rankingFilterSql(pageFilter())}
      order by o.position
      limit ${PAGE}::int offset ${0}::int) o
    ${explanationJoin}
    join users u on u.id = o.applicant_id
    left join individual_profiles ip on ip.user_id = o.applicant_id
    left join users pu on pu.id = o.pin_by
    left join individual_profiles pip on pip.user_id = o.pin_by
    order by o.position`);
}

/**
 * The build's stats (the page's explanation reads them), the first page's ids and the organization's session: filled
 * in by `warm`.
 */
const stored = { stats: {} as Record<string, number | null>, pageIds: [] as string[], sessionId: '' };
const offline = drizzle.mock({ schema });
const viewer = () => ({
  id: state.organizationId,
  ratingCriterionIds: [ranking.overallCriterionId],
  videoTaskIds: [],
  roundIds: [],
});

/**
 * What the handler runs on an unchanged opening's stored ranking: its first read (the caller with the session check
 * and membership, the opening with its build state, criteria and current form), the page with the viewer's ratings,
 * the filtered total and the page's explanation.
 */
function storedReadSql(): string[] {
  const first = rankingCallerAndOpeningQuery(offline).toSQL();
  return [
    inline({
      sql: first.sql,
      params: fillPlaceholders(first.params, {
        userId: state.organizationId,
        sessionId: stored.sessionId,
        organizationId: state.organizationId,
        id: state.fullOpening,
      }),
    }),
    inline(storedPageSql(state.fullOpening, pageFilter(), viewer())),
    inline(countSql(state.fullOpening, pageFilter())),
    inline(explanationSql(state.fullOpening, ranking.recipe, stored.pageIds, stored.stats)),
  ];
}

const rankingPath = () =>
  `/api/organization/shortlisting/candidate/ranking?openingId=${state.fullOpening}&stageId=${ranking.shortlistedStageId}&minScore=${FILTER.minScore}&show=${FILTER.show}&limit=${PAGE}`;

let organizationToken = '';
let warmed: Promise<void> | null = null;
/**
 * The stored ranking built before the server starts (everything is prepared then), as `currentRankingBuild` builds
 * it — version first, then delete and the one INSERT … SELECT, JIT off and 64 MB sorts — and timed; then left to
 * autovacuum's part, done here at once: `VACUUM ANALYZE` of the new rows (statistics for the planner, the visibility
 * map for index-only counts).
 */
function warm(context: BenchContext): Promise<void> {
  warmed ??= (async () => {
    await prepareRanking(context.db);
    organizationToken = (await context.mintTokens([state.organizationId]))[0] ?? '';
    const db = context.db;
    const started = performance.now();
    const version = await db.query<{ state: { current: number } }>(inline(buildStateSql(state.fullOpening)));
    await db.query('BEGIN');
    await db.query('SET LOCAL jit = off');
    await db.query("SET LOCAL work_mem = '64MB'");
    await db.query('DELETE FROM opening_rankings WHERE opening_id = $1', [state.fullOpening]);
    const built = await db.query<{ stats: Record<string, number | null> }>(
      inline(rebuildSql(state.fullOpening, ranking.recipe, Number(version.rows[0]?.state.current ?? 0))),
    );
    await db.query('COMMIT');
    console.log(`ranking: the stored ranking was built in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    stored.stats = built.rows[0]?.stats ?? {};
    const page = await db.query<{ id: string }>(inline(storedPageSql(state.fullOpening, pageFilter(), viewer())));
    stored.pageIds = page.rows.map((row) => row.id);
    const session = await db.query<{ id: string }>(
      'SELECT id FROM refresh_token_families WHERE user_id = $1 AND revoked_at IS NULL LIMIT 1',
      [state.organizationId],
    );
    stored.sessionId = session.rows[0]?.id ?? '';
    await db.query('VACUUM ANALYZE opening_rankings').catch(() => undefined);
  })();
  return warmed;
}

/**
 * The ranked first page of the opening, filtered by stage, minimum score and "not knocked out", read from the
 * stored ranking of an unchanged opening (the realistic case: reads far outnumber changes). Baseline: the handler's
 * statements on the stored ranking run by pgbench.
 */
const rankedFirstPageAt = (connections: number): Scenario => ({
  name: `GET /api/organization/shortlisting/candidate/ranking (first page of ${applicationCount}: rank + stage, minimum score, not knocked out; stored ranking, unchanged opening; ${connections} connections)`,
  prepare: warm,
  load: () => ({
    connections,
    requests: [{ method: 'GET', path: rankingPath(), headers: { authorization: organizationToken } }],
  }),
  baselineName:
    "the handler's statements on the stored ranking (caller, opening, build state, criteria and form in one read; the page with the viewer's ratings; count; the page's explanation)",
  baselineSql: () => `${storedReadSql().join(';\n')};\n`,
  explainSql: () => [...storedReadSql(), fullRankingPageSql()],
  // The floor for the page: the token checked, the same four statements, the page's rows and explanation sent.
  bareBaselines: [
    {
      name: "bare Fastify + pg: token check, the handler's four statements on the stored ranking (rows sent)",
      path: '/api/organization/shortlisting/candidate/ranking',
      selectOne: false,
      statements: () => {
        const [, page, total, explanation] = storedReadSql();
        return [
          boundStatement(
            rankingCallerAndOpeningQuery(offline).toSQL(),
            { organizationId: state.organizationId, id: state.fullOpening },
            { userId: 'user', sessionId: 'session' },
          ),
          { text: page ?? '', params: [], many: true },
          { text: total ?? '', params: [] },
          { text: explanation ?? '', params: [], many: true },
        ];
      },
    },
  ],
});
export const rankedFirstPage = rankedFirstPageAt(2);
export const rankedFirstPageBusy = rankedFirstPageAt(10);

/**
 * A read right after a change: one rating given (PUT …/ratings bumps the opening's version), then the same first
 * page, which rebuilds the stored ranking of 100 000 applications before answering. Baseline: the rebuild's
 * statements alone (delete the opening's rows, the one INSERT … SELECT from `ordered`), rolled back.
 */
const change = { token: '', applicationId: '', score: 1 };
export const rankingAfterChange: OneShot = {
  name: `ranking: first page right after a rating changed (rebuilds the stored ranking of ${applicationCount})`,
  async prepare(context) {
    await warm(context);
    // The set-based seed makes organization accounts without their team row; rating needs the owner's.
    await context.db.query('INSERT INTO organizations (id) VALUES ($1) ON CONFLICT DO NOTHING', [state.organizationId]);
    await context.db.query(
      `INSERT INTO organization_members (organization_id, user_id, email, role, claimed_at)
       SELECT id, id, lower(email), 'owner', now() FROM users WHERE id = $1 ON CONFLICT DO NOTHING`,
      [state.organizationId],
    );
    change.token = organizationToken;
    change.applicationId = stored.pageIds[0] ?? '';
  },
  async run({ baseUrl }) {
    const rated = await fetch(`${baseUrl}/api/organization/shortlisting/ratings`, {
      method: 'PUT',
      headers: { authorization: change.token, 'content-type': 'application/json' },
      body: JSON.stringify({
        openingId: state.fullOpening,
        applicationId: change.applicationId,
        criterionId: ranking.overallCriterionId,
        score: change.score,
      }),
    });
    if (!rated.ok) throw new Error(`rating answered ${rated.status}: ${await rated.text()}`);
    const started = performance.now();
    const response = await fetch(`${baseUrl}${rankingPath()}`, { headers: { authorization: change.token } });
    const text = await response.text();
    if (!response.ok) throw new Error(`ranking answered ${response.status}`);
    console.log(
      `ranking after a change: the page (with its rebuild) took ${(performance.now() - started).toFixed(0)} ms`,
    );
    return text.length;
  },
  baselineSql: () =>
    `BEGIN; DELETE FROM opening_rankings WHERE opening_id = '${state.fullOpening}'; ${inline(
      rebuildSql(state.fullOpening, ranking.recipe, 0),
    )}; ROLLBACK;`,
};

/**
 * The exports, after the ranking data is in place: the files then carry stage, rank, score and contributions. The
 * stored ranking is built first (`warm`), as for the page: an unchanged opening's export reads it. An export right
 * after a change rebuilds it first, as the page does (`rankingAfterChange` times that rebuild).
 */
const ranked = (shot: OneShot): OneShot => ({
  ...shot,
  name: `${shot.name} (with stage, rank, score, contributions, ratings)`,
  async prepare(context) {
    await warm(context);
    await shot.prepare?.(context);
  },
});
export const rankedExportCsv = ranked(exportOf('csv', 'full'));
export const rankedExportXlsx = ranked(exportOf('xlsx', 'full'));

/**
 * "Select all matching" on the 100 000-application opening: every candidate in Applied whose CGPA answer is 9.6 to
 * 9.9 (4 of the 40 seeded values, 10 000 candidates) moves to Shortlisted in one request — locks, history rows,
 * audit rows and the undo handle included. Baseline: the bare UPDATE of the same rows, rolled back.
 */
const MOVE_FILTER = { answers: 'cgpa=9.6..9.9' };
const moveState = { appliedId: '', shortlistedId: '', token: '', moved: 0 };

export const bulkMove: OneShot = {
  name: `bulk move: select all matching (${applicationCount / 10} of ${applicationCount}) → Shortlisted`,
  once: true,
  async prepare(context) {
    await prepareOpenings(context.db);
    // The set-based seed makes organization accounts without their team row; moves need the owner's (policies/stage.ts).
    await context.db.query('INSERT INTO organizations (id) VALUES ($1) ON CONFLICT DO NOTHING', [state.organizationId]);
    await context.db.query(
      `INSERT INTO organization_members (organization_id, user_id, email, role, claimed_at)
       SELECT id, id, lower(email), 'owner', now() FROM users WHERE id = $1 ON CONFLICT DO NOTHING`,
      [state.organizationId],
    );
    const { rows } = await context.db.query<{ id: string; kind: string }>(
      `SELECT id, kind FROM opening_stages WHERE opening_id = $1 AND kind IN ('applied', 'shortlisted')`,
      [state.fullOpening],
    );
    moveState.appliedId = rows.find((row) => row.kind === 'applied')?.id ?? '';
    moveState.shortlistedId = rows.find((row) => row.kind === 'shortlisted')?.id ?? '';
    moveState.token = (await context.mintTokens([state.organizationId]))[0] ?? '';
  },
  async run({ baseUrl }) {
    const response = await fetch(`${baseUrl}/api/organization/shortlisting/moves`, {
      method: 'POST',
      headers: { authorization: moveState.token, 'content-type': 'application/json' },
      body: JSON.stringify({
        openingId: state.fullOpening,
        toStageId: moveState.shortlistedId,
        filter: { stageId: moveState.appliedId, ...MOVE_FILTER },
      }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`bulk move answered ${response.status}`);
    moveState.moved = (JSON.parse(text) as { result: { data: { moved: number } } }).result.data.moved;
    console.log(`bulk move: ${moveState.moved} candidates moved`);
    return text.length;
  },
  // After the move they are in Shortlisted: the baseline moves the same rows back and forth inside a rolled-back
  // transaction, so it writes as many rows as the server did (without history, audit or locks in id order).
  baselineSql: () =>
    `BEGIN; UPDATE applications SET stage_id = '${moveState.appliedId}' WHERE opening_id = '${state.fullOpening}' AND stage_id = '${moveState.shortlistedId}' AND (answers->>'cgpa')::numeric BETWEEN 9.6 AND 9.9; ROLLBACK;`,
};
