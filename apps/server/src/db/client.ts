import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type MaintenanceLog, type PgliteMaintenance, startPgliteMaintenance } from './pglite-maintenance';
import * as schema from './schema';

type Schema = typeof schema;
/** The one database type handlers see: PostgreSQL and PGlite answer the same queries. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole cluster as a tarball (a template for tests). */
  dumpPglite?(): Promise<Blob>;
  /** PGlite only: vacuum and analyze as autovacuum would (PostgreSQL runs its own; pglite-maintenance.ts says why). */
  startMaintenance?(log: MaintenanceLog): PgliteMaintenance;
}

export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Could not find the drizzle migrations folder');
}

/** Serialises migrations across servers starting at once against the same PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_340_012;

/**
 * Applies pending migrations as drizzle's migrator does (its `drizzle.__drizzle_migrations` table, a migration pending
 * when newer than the last one applied), but all in one transaction that first takes a transaction-level advisory
 * lock: servers starting at once apply them once, one after another, and the lock ends with the transaction. Through
 * PgBouncer in transaction mode a session-level lock, its migrations and its unlock could each run on a different
 * server connection, leaving the lock held for good; one transaction stays on one.
 */
async function applyPendingMigrations(client: pg.PoolClient): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
    await client.query(
      'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    );
    const { rows } = await client.query<{ created_at: string }>(
      'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    );
    const lastApplied = rows[0] ? Number(rows[0].created_at) : null;
    for (const migration of migrations) {
      if (lastApplied !== null && migration.folderMillis <= lastApplied) continue;
      for (const statement of migration.sql) await client.query(statement);
      await client.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  /** PGlite data directory; undefined keeps PGlite in memory (tests). */
  pgliteDir: string | undefined;
  /** An in-memory PGlite starts from this dump (a migrated template) instead of an empty cluster. */
  pgliteSnapshot?: Blob;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection that the server ends (restart, failover, pg_terminate_backend) is dropped by the pool and
    // replaced on next use; without a listener its 'error' event would end the whole process.
    pool.on('error', (error: Error & { code?: string }) => {
      process.emitWarning(`An idle database connection was closed (${error.code ?? 'no code'}); the pool replaces it.`);
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await applyPendingMigrations(client);
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.pgliteDir, loadDataDir: options.pgliteSnapshot });
  refuseQueriesBesideOwnTransaction(client);
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
    dumpPglite: () => client.dumpDataDir('none'),
    startMaintenance: (log) => startPgliteMaintenance(client, log),
  };
}

export const QUERY_BESIDE_TRANSACTION_MESSAGE =
  'A query on the database was sent from inside an open transaction: send it through the transaction instead.';

/**
 * PGlite is one connection: a query sent on the database (not on the transaction) from inside a transaction's own
 * callback waits for that transaction to end, so when the callback awaits it, the server hangs for good. On
 * PostgreSQL the same code takes a second pooled connection and works, so only PGlite would show it, as a request
 * that never answers. Such a query fails at once here instead, with a stack that names the line.
 */
function refuseQueriesBesideOwnTransaction(client: PGlite): void {
  const openTransaction = new AsyncLocalStorage<{ open: boolean }>();
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction(async (tx) => {
      const state = { open: true };
      try {
        return await openTransaction.run(state, () => callback(tx));
      } finally {
        state.open = false;
      }
    });
  const guard = <Args extends unknown[], Result>(send: (...args: Args) => Promise<Result>) =>
    ((...args: Args) => {
      if (openTransaction.getStore()?.open) return Promise.reject(new Error(QUERY_BESIDE_TRANSACTION_MESSAGE));
      return send(...args);
    }) as typeof send;
  client.query = guard(client.query.bind(client)) as typeof client.query;
  client.exec = guard(client.exec.bind(client));
}
