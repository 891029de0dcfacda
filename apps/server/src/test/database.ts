import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type DatabaseHandle, type Executor, openDatabase } from '../db/client';

/**
 * A fresh, migrated database for one test file: PGlite in memory (loaded from the migrated template that
 * `pglite-template.ts` makes once per run), or — with TEST_DATABASE_URL set —
 * a new PostgreSQL database created for this run and dropped afterwards, so runs never collide.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url: string | undefined }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = inject('pgliteTemplate');
    if (template) {
      const snapshot = new Blob([readFileSync(template)]);
      const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: undefined, pgliteSnapshot: snapshot });
      return { ...handle, url: undefined };
    }
    const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: undefined });
    await handle.migrate();
    return { ...handle, url: undefined };
  }
  const empty = await createEmptyDatabase(adminUrl);
  const handle = await openDatabase({ databaseUrl: empty.url, pgliteDir: undefined, poolSize: 10 });
  await handle.migrate();
  return {
    ...handle,
    url: empty.url,
    async close() {
      await handle.close();
      await empty.drop();
    },
  };
}

/** A new, empty (unmigrated) database on `adminUrl`'s PostgreSQL server, named for this run, and how to drop it. */
export async function createEmptyDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `placely_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * A fresh database for the enclosing file or `describe` block, for tests of the data layer without a server: opened
 * before its tests, closed after. Read `db` inside tests and hooks, once it is open.
 */
export function useTestDatabase(): { readonly db: Executor } {
  let handle: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle?.close());
  return {
    get db() {
      if (!handle) throw new Error('The test database is not open yet: read db inside a test or hook');
      return handle.db;
    },
  };
}
