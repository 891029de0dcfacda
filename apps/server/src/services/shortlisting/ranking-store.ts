import { type Recipe, recipeSchema } from '@placely/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rankingCtes } from './ranking-sql';

/**
 * The stored ranking of an opening (docs/ARCHITECTURE.md, "Stored ranking"): `opening_rankings` holds every
 * application's place, score, knock-outs, pin group and each criterion's normalised value as `rankingCtes` computed
 * them when `ranking_builds.version`
 * was the opening's version (the sum of its `ranking_versions` shards). Triggers (migrations 0025, 0026, 0029) bump
 * it on every change of an input, so the rows are current exactly while the two agree.
 */
export interface RankingBuild {
  /** The recipe the stored rows were scored with (null: none, submission order). */
  recipe: Recipe | null;
  /** The opening-wide `stats` row of the build, to explain a page's rows (`rankingCtes({ only })`). */
  stats: Record<string, number | null>;
  /** Applications ranked, and of them knocked out (the unfiltered page's totals). */
  total: number;
  knockedOut: number;
  /** The opening's input version the stored rows are current at (`storedRankingIsAt` checks it again). */
  version: number;
  /**
   * True when an input changed since this build and another request is rebuilding it right now: a read that allows
   * it (`staleOk`) gets the last build instead of waiting (docs/ARCHITECTURE.md, "Stored ranking").
   */
  stale: boolean;
}

/** The opening's input version beside its last build. */
export interface BuildState {
  current: number;
  built: number | null;
  recipe: unknown;
  stats: Record<string, number | null> | null;
  total: number;
  knockedOut: number;
}

/**
 * The opening's input version beside its last build, as one jsonb value (`buildStateOf` reads it), so a read can
 * fetch it beside other things (the ranking page's first read). `opening` is the opening's id column or value there.
 */
export function buildStateJson(opening: SQL) {
  return sql<Record<string, unknown>>`(select jsonb_build_object('current', coalesce((select sum(v.version)
      from ranking_versions v where v.opening_id = ${opening}), 0), 'built', b.version, 'recipe', b.recipe,
      'stats', b.stats, 'total', b.total, 'knocked_out', b.knocked_out)
    from (select 1) one left join ranking_builds b on b.opening_id = ${opening})`;
}

/** The build state alone, in a column `state` (the bench runs it too). */
export function buildStateSql(openingId: string) {
  return sql`select ${buildStateJson(sql`${openingId}::uuid`)} as state`;
}

async function buildState(db: Executor, openingId: string): Promise<BuildState> {
  const result = await db.execute(buildStateSql(openingId));
  return buildStateOf((result as unknown as { rows: { state: Record<string, unknown> }[] }).rows[0]?.state);
}

export function buildStateOf(found: Record<string, unknown> | null | undefined): BuildState {
  const row = found ?? {};
  return {
    current: Number(row.current ?? 0),
    built: row.built === null || row.built === undefined ? null : Number(row.built),
    recipe: row.recipe ?? null,
    stats: (row.stats as Record<string, number | null> | null) ?? null,
    total: Number(row.total ?? 0),
    knockedOut: Number(row.knocked_out ?? 0),
  };
}

/** The build the state describes, whether or not it is current (null: never built). */
const lastBuild = (state: BuildState): RankingBuild | null =>
  state.built !== null && state.stats !== null
    ? {
        recipe: state.recipe === null ? null : recipeSchema.parse(state.recipe),
        stats: state.stats,
        total: state.total,
        knockedOut: state.knockedOut,
        version: state.built,
        stale: state.built !== state.current,
      }
    : null;

const fresh = (state: BuildState): RankingBuild | null => {
  const build = lastBuild(state);
  return build && !build.stale ? build : null;
};

/**
 * Whether the stored rows are still those of the build read at `version` (nothing changed since). In a transaction
 * at REPEATABLE READ, the rows a later statement of it reads are then exactly that build's, whatever commits meanwhile.
 */
export async function storedRankingIsAt(db: Executor, openingId: string, version: number): Promise<boolean> {
  const state = await buildState(db, openingId);
  return state.built === version && state.current === version && state.stats !== null;
}

/**
 * The rebuild as ONE statement (after the opening's rows are deleted): every application's place from `ordered`
 * (with its criteria's normalised values, which the export's contributions read), and the build row with the version read before, the opening-wide stats the page's explanations need and the
 * unfiltered totals.
 */
export function rebuildSql(openingId: string, recipe: Recipe | null, version: number) {
  return sql`${rankingCtes({ openingId, recipe, keepNormalised: true })},
    stored as (insert into opening_rankings (application_id, opening_id, stage_id, position, score, ko, pin_group,
        normalised)
      select o.id, ${openingId}::uuid, o.stage_id, o.position, o.score, o.ko, o.pin_group, o.normalised
      from ordered o)
    insert into ranking_builds (opening_id, version, recipe, stats, total, knocked_out, built_at)
    select ${openingId}::uuid, ${version}::bigint, ${recipe === null ? null : JSON.stringify(recipe)}::jsonb,
      (select to_jsonb(st) from stats st), count(*), count(*) filter (where o.pin_group = 3), now()
    from ordered o
    on conflict (opening_id) do update set version = excluded.version, recipe = excluded.recipe,
      stats = excluded.stats, total = excluded.total, knocked_out = excluded.knocked_out, built_at = excluded.built_at
    returning stats, total, knocked_out`;
}

/**
 * The opening's stored ranking, rebuilt first when an input changed since it was built (the page, the score filter
 * and sort of the responses table, and the ranked export all make it current through here).
 *
 * Two transaction-scoped advisory locks per opening: the **rebuild claim** (`rebuildClaimKey`), which only rebuilds
 * take, and the ranking lock (`ranking_lock_key`), which a rebuild holds exclusively and stage moves shared. A rebuild
 * takes the claim, then the lock (always in that order), re-checks the state, deletes the opening's rows and inserts
 * them again in ONE statement, all in one transaction: readers outside it see the last build's rows until it commits.
 *
 * - `staleOk` (the ranking page and the responses table's score order): when a build exists and another request holds
 *   the claim, the last build is answered at once, marked `stale`, instead of waiting for the rebuild — so during a
 *   placement drive, where every submit makes the ranking stale, reads never queue behind one another's rebuilds.
 *   When nobody holds the claim, this read rebuilds as before, so a change is seen by the next read of the one who
 *   made it whenever no other rebuild is running.
 * - Otherwise (exports, and filters that take row locks next), and for an opening never built, the read waits for
 *   the claim: once the running rebuild commits it re-checks and finds the ranking current, or rebuilds itself.
 *
 * The version is read before the recipe and the applications: a change committed after that read bumps the version
 * past the one recorded, so the next reader rebuilds (a build may be newer than its version says, never older).
 * `known` is that state when the caller's own first read already fetched it (`buildStateJson`): reading an unchanged
 * opening's ranking then costs no statement here.
 */
export async function currentRankingBuild(
  db: Executor,
  openingId: string,
  known?: BuildState,
  options: { staleOk?: boolean } = {},
): Promise<RankingBuild> {
  const state = known ?? (await buildState(db, openingId));
  const ready = fresh(state);
  if (ready) return ready;
  const last = options.staleOk ? lastBuild(state) : null;
  return db.transaction(async (tx) => {
    if (last) {
      const claimed = (
        (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${rebuildClaimKey(openingId)}) as claimed`,
        )) as unknown as { rows: { claimed: boolean }[] }
      ).rows[0]?.claimed;
      if (!claimed) return last;
    } else {
      await tx.execute(sql`select pg_advisory_xact_lock(${rebuildClaimKey(openingId)})`);
    }
    await tx.execute(sql`select pg_advisory_xact_lock(ranking_lock_key(${openingId}::uuid))`);
    const now = await buildState(tx, openingId);
    const built = fresh(now);
    if (built) return built;
    const [saved] = (
      (await tx.execute(sql`select recipe from ranking_recipes where opening_id = ${openingId}::uuid`)) as unknown as {
        rows: { recipe: unknown }[];
      }
    ).rows;
    const recipe = saved ? recipeSchema.parse(saved.recipe) : null;
    // As for the export's cursor: JIT would compile longer than it saves on this one-off statement, and the sort of
    // every application fits in memory with a larger budget (both end with the transaction; no-ops on PGlite).
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`delete from opening_rankings where opening_id = ${openingId}::uuid`);
    const result = await tx.execute(rebuildSql(openingId, recipe, now.current));
    const row = (
      result as unknown as {
        rows: { stats: Record<string, number | null>; total: number | string; knocked_out: number | string }[];
      }
    ).rows[0];
    return {
      recipe,
      stats: row?.stats ?? {},
      total: Number(row?.total ?? 0),
      knockedOut: Number(row?.knocked_out ?? 0),
      version: now.current,
      stale: false,
    };
  });
}

/**
 * The rebuild claim's advisory-lock key: another key than `ranking_lock_key`'s (whose holders include stage moves,
 * which a reader should wait for — they are short — rather than answer a stale ranking).
 */
function rebuildClaimKey(openingId: string) {
  return sql`hashtextextended('opening_rankings:rebuild:' || ${openingId}::text, 0)`;
}
