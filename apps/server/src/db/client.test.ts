import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Executor, openDatabase, QUERY_BESIDE_TRANSACTION_MESSAGE } from './client';

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
