import type { Options as AutocannonOptions } from 'autocannon';
import type { responseCursors } from '../src/routes/responses/orders';

/** The bench's own connection: a pg.Client on PostgreSQL, the in-process PGlite before the server takes it over. */
export interface BenchDb {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** What a scenario gets once the database is seeded and the server is up. */
export interface BenchContext {
  baseUrl: string;
  /** Access tokens of seeded users, minted by the server's own token service with real sessions. */
  tokens: readonly string[];
  /** The seeded user ids the tokens belong to, in the same order. */
  userIds: readonly number[];
  /** Total users seeded (ids 1..users). */
  users: number;
  /** A connection to the bench database, for scenarios that need ids of seeded rows (only in `prepare`). */
  db: BenchDb;
  /** Access tokens for more users, signed like the server's (each user's seeded session). */
  mintTokens(userIds: readonly number[]): Promise<string[]>;
  /** The responses view's cursors, signed with the server's secret (a page deep in the list without paging there). */
  responseCursors: ReturnType<typeof responseCursors>;
}

/**
 * One measured endpoint and its baseline: the server under autocannon, and pgbench running the SQL the handler
 * runs, at the same concurrency on the same database — so the ratio shows what the HTTP/app layers cost on top.
 */
export interface BareBaseline {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  selectOne: boolean;
  /**
   * Each statement's parameters: `user` (the token's user id), `session` (its session id), `body.<field>` or
   * `query.<field>`; `many`: the statement answers rows (a page), all of which the bare server sends.
   */
  statements?: () => { text: string; params: string[]; many?: boolean }[];
}

export interface Scenario {
  name: string;
  /** autocannon options beyond url/connections/duration (method, headers, requests with setupRequest…). */
  load(context: BenchContext): Partial<AutocannonOptions>;
  /** Seeds what the scenario needs (once, before it runs). */
  prepare?(context: BenchContext): Promise<void>;
  /**
   * Runs once every scenario and long operation has prepared, before the server starts: brings what the scenario
   * reads up to date after later preparations changed its inputs (e.g. a stored ranking whose facts another
   * scenario's seed rewrote), so a one-off rebuild is not measured as the steady state.
   */
  settle?(context: BenchContext): Promise<void>;
  /** A pgbench custom script (may use \set with random()); :users and the scenario's own :names are substituted. */
  baselineSql: string | ((context: BenchContext) => string);
  /** Statements whose `EXPLAIN (ANALYZE, BUFFERS)` the results keep (PostgreSQL only), to check their plans. */
  explainSql?(context: BenchContext): string[];
  /** What the baseline SQL does, in a few words, for the results table. */
  baselineName?: string;
  /**
   * More pgbench baselines, each a row of its own (e.g. the handler's whole statement beside its minimum). `protocol`
   * is pgbench's `-M`: `prepared` (the default: each statement planned once per client, as the server's named
   * statements are) or `extended` (parsed and planned on every run, as the server's unnamed statements are).
   */
  extraBaselines?: { name: string; sql: (context: BenchContext) => string; protocol?: 'prepared' | 'extended' }[];
  /**
   * Request-overhead baselines: the same load against a bare Fastify server (no plugins, hooks or logger) answering
   * the server's own response body for `path`, optionally after `SELECT 1` through a pool of the server's size; or,
   * with `statements`, a signed-in request's floor: the token's signature checked, then those statements as prepared
   * statements, the last one's row as the answer (bench/bare-server.ts).
   */
  bareBaselines?: BareBaseline[];
  /**
   * Runs before each of the scenario's baselines (pgbench and bare), on the bench's connection (PostgreSQL only): a
   * baseline that writes starts from the state the server's run started from (e.g. an empty opening), not after the
   * baseline before it.
   */
  beforeBaseline?(context: BenchContext): Promise<void>;
  /** Runs after each baseline: throws when the baseline ran out of seeded rows, so its figure is never a quiet no-op. */
  afterBaseline?(context: BenchContext, kind: 'pgbench' | 'bare'): Promise<void>;
}

/**
 * A one-shot measurement of long work (an export): its time and the server's peak memory, beside the database
 * doing the equivalent work alone (e.g. COPY … TO STDOUT), in the same run.
 */
export interface OneShot {
  name: string;
  prepare?(context: BenchContext): Promise<void>;
  /** Runs the work against the server; answers the bytes received. */
  run(context: BenchContext): Promise<number>;
  /**
   * Runs the work this many times on the same server and reports the median time (default 1). For read-only work
   * such as an export, where one run's time on this shared machine varies by a third from run to run.
   */
  repeat?: number;
  /** The work changes what a second run would find (a bulk move): not measured again against a before build. */
  once?: boolean;
  /** SQL whose run time is the baseline (run through psql). */
  baselineSql(context: BenchContext): string;
  /**
   * A second baseline, PostgreSQL only: the statement the handler itself sends, with the settings it sends it under,
   * run as `COPY (…) TO STDOUT` through psql (the database doing exactly the server's reading, and no more).
   */
  handlerSql?(context: BenchContext): Promise<string>;
}
