import type { Options as AutocannonOptions } from 'autocannon';
import type pg from 'pg';

/** What a scenario gets once the database is seeded and the server is up. */
export interface BenchContext {
  baseUrl: string;
  /** Access tokens of seeded users, minted by the server's own token service with real sessions. */
  tokens: readonly string[];
  /** The seeded user ids the tokens belong to, in the same order. */
  userIds: readonly number[];
  /** Total users seeded (ids 1..users). */
  users: number;
  /** A connection to the bench database, for scenarios that need ids of seeded rows. */
  db: pg.Client;
}

/**
 * One measured endpoint and its baseline: the server under autocannon, and pgbench running the SQL the handler
 * runs, at the same concurrency on the same database — so the ratio shows what the HTTP/app layers cost on top.
 */
export interface Scenario {
  name: string;
  /** autocannon options beyond url/connections/duration (method, headers, requests with setupRequest…). */
  load(context: BenchContext): Partial<AutocannonOptions>;
  /** A pgbench custom script (may use \set with random()); :users is substituted. */
  baselineSql: string;
}
