import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../test/database';
import {
  type DatabaseHandle,
  type Executor,
  migrationsFolder,
  openDatabase,
  QUERY_BESIDE_TRANSACTION_MESSAGE,
} from './client';

const rowsOf = async (db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as { rows: unknown[] }).rows;

describe('PGlite: a query beside its own open transaction', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: undefined, pgliteDir: undefined });
  });
  afterAll(() => handle?.close());

  it('fails at once instead of waiting forever for the one connection', async () => {
    const { db } = handle;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await db.execute(sql`select 2`);
      }),
    ).rejects.toMatchObject({ cause: { message: QUERY_BESIDE_TRANSACTION_MESSAGE } });
  });

  it('leaves queries through the transaction, after it, and beside other work alone', async () => {
    const { db } = handle;
    const inside = await db.transaction((tx) => rowsOf(tx, sql`select 1 as one`));
    expect(inside).toEqual([{ one: 1 }]);
    let later: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      later = new Promise((resolve) => setTimeout(resolve, 0));
    });
    await later;
    expect(await rowsOf(db, sql`select 3 as three`)).toEqual([{ three: 3 }]);
    const [a, b] = await Promise.all([
      db.transaction((tx) => rowsOf(tx, sql`select 4 as n`)),
      rowsOf(db, sql`select 5 as n`),
    ]);
    expect(a).toEqual([{ n: 4 }]);
    expect(b).toEqual([{ n: 5 }]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL: migrations at start-up', () => {
  const dropAfterwards: (() => Promise<void>)[] = [];
  const freshDatabase = async () => {
    const empty = await createEmptyDatabase(process.env.TEST_DATABASE_URL ?? '');
    dropAfterwards.push(empty.drop);
    return empty.url;
  };
  const applied = async (handle: DatabaseHandle) =>
    (await rowsOf(
      handle.db,
      sql`select hash, created_at::text as at from drizzle.__drizzle_migrations order by created_at`,
    )) as { hash: string; at: string }[];
  const expected = () =>
    readMigrationFiles({ migrationsFolder: migrationsFolder() }).map((m) => ({
      hash: m.hash,
      at: String(m.folderMillis),
    }));
  afterAll(() => Promise.all(dropAfterwards.map((drop) => drop())));

  it('servers starting at once apply each migration once, and hold no lock afterwards', async () => {
    const url = await freshDatabase();
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, pgliteDir: undefined })));
    try {
      await Promise.all(handles.map((handle) => handle.migrate()));
      const [first] = handles as [DatabaseHandle];
      expect(await applied(first)).toEqual(expected());
      const locks = await rowsOf(first.db, sql`select 1 from pg_locks where locktype = 'advisory'`);
      expect(locks).toEqual([]);
      await first.migrate();
      expect(await applied(first)).toEqual(expected());
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });

  it('takes over a database that drizzle’s own migrator migrated, applying nothing twice', async () => {
    const url = await freshDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    await migrateNodePg(drizzleNodePg(pool), { migrationsFolder: migrationsFolder() });
    await pool.end();
    const handle = await openDatabase({ databaseUrl: url, pgliteDir: undefined });
    try {
      await handle.migrate();
      expect(await applied(handle)).toEqual(expected());
    } finally {
      await handle.close();
    }
  });
});
