import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client';
import type { PgliteMaintenance } from './pglite-maintenance';

const logged: string[] = [];
const log = { info: (_: object, message: string) => logged.push(message), warn: () => undefined };

interface TableStats {
  dead: number;
  tuples: number;
  vacuumed: boolean;
}

describe('PGlite: vacuum and analyze as autovacuum would', () => {
  let handle: DatabaseHandle;
  let maintenance: PgliteMaintenance;
  const stats = async (): Promise<TableStats> => {
    const result = (await handle.db.execute(sql`
      select s.n_dead_tup::int as dead, c.reltuples::int as tuples, s.last_vacuum is not null as vacuumed
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'churn'`)) as {
      rows: TableStats[];
    };
    return result.rows[0] as TableStats;
  };

  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: undefined, pgliteDir: undefined });
    // The test runs each check itself (runOnce); the minute's timer does not fire within it.
    maintenance = handle.startMaintenance?.(log) as PgliteMaintenance;
  });
  afterAll(async () => {
    maintenance?.stop();
    await handle?.close();
  });

  it('is started for PGlite only (PostgreSQL runs its own autovacuum)', () => {
    expect(handle.kind).toBe('pglite');
    expect(maintenance).toBeDefined();
  });

  it('vacuums a table whose dead rows pass the threshold, and analyzes it; then has nothing to do', async () => {
    await handle.db.execute(sql`create table churn (id int primary key, n int not null)`);
    await handle.db.execute(sql`insert into churn select g, 0 from generate_series(1, 2000) g`);
    for (let round = 0; round < 3; round += 1) await handle.db.execute(sql`update churn set n = n + 1`);
    // Nothing in PGlite would ever clear these: no autovacuum runs in a single-backend database.
    await handle.db.execute(sql`select pg_stat_force_next_flush()`);
    const before = await stats();
    expect(before.dead).toBeGreaterThan(2000);
    expect(before.tuples).toBeLessThan(0);

    const run = await maintenance.runOnce();
    expect(run.vacuumed).toContain('public.churn');
    const after = await stats();
    expect(after).toMatchObject({ dead: 0, tuples: 2000, vacuumed: true });
    expect(logged).toContain('embedded database maintenance');

    const again = await maintenance.runOnce();
    expect(again.vacuumed).not.toContain('public.churn');
    expect(again.analyzed).not.toContain('public.churn');
  });

  it('analyzes without vacuuming when rows were only added', async () => {
    await handle.db.execute(sql`insert into churn select g, 0 from generate_series(2001, 4000) g`);
    const run = await maintenance.runOnce();
    expect(run.analyzed).toContain('public.churn');
    expect(run.vacuumed).not.toContain('public.churn');
    expect((await stats()).tuples).toBe(4000);
  });
});
