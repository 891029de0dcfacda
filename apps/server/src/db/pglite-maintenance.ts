import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs PostgreSQL as a single backend inside this process, so there is no autovacuum launcher: nothing ever
 * vacuums or analyzes the embedded database (measured: 100 000 rows updated five times kept 400 000 dead rows and six
 * times the table's size, with no statistics). Every stage move, autosave, token refresh and stored-ranking rebuild
 * would leave its dead rows for good, and the planner would plan without statistics.
 *
 * This does autovacuum's part on its default thresholds — VACUUM a table once its dead rows pass 50 + 20 % of its
 * rows, ANALYZE it once changes since the last analyze pass 50 + 10 % (or it was never analyzed) — checked once a
 * minute, as autovacuum_naptime does. PostgreSQL (DATABASE_URL) runs its own autovacuum: this is not started there.
 */
export const MAINTENANCE_INTERVAL_MS = 60_000;

export interface MaintenanceRun {
  vacuumed: string[];
  analyzed: string[];
}

export interface PgliteMaintenance {
  /** One check, and the VACUUM / ANALYZE it calls for (tables named schema-qualified). */
  runOnce(): Promise<MaintenanceRun>;
  stop(): void;
}

export interface MaintenanceLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

const DUE_TABLES = `
  select format('%I.%I', s.schemaname, s.relname) as name,
    s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum,
    s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) or (c.reltuples < 0 and s.n_live_tup > 0) as analyze
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  order by s.n_dead_tup desc`;

/** Starts the once-a-minute check; `runOnce` runs one now (a check already running is shared). */
export function startPgliteMaintenance(
  client: PGlite,
  log: MaintenanceLog,
  intervalMs: number = MAINTENANCE_INTERVAL_MS,
): PgliteMaintenance {
  let running: Promise<MaintenanceRun> | undefined;

  const check = async (): Promise<MaintenanceRun> => {
    // Counts of the last second's transactions are still pending in the backend: flushed at this statement's end.
    await client.query('select pg_stat_force_next_flush()');
    const { rows } = await client.query<{ name: string; vacuum: boolean; analyze: boolean }>(DUE_TABLES);
    const run: MaintenanceRun = { vacuumed: [], analyzed: [] };
    // One statement at a time: PGlite serialises them with the requests', so a request waits for one table at most.
    for (const table of rows) {
      if (table.vacuum) {
        await client.exec(`VACUUM (ANALYZE) ${table.name}`);
        run.vacuumed.push(table.name);
      } else if (table.analyze) {
        await client.exec(`ANALYZE ${table.name}`);
        run.analyzed.push(table.name);
      }
    }
    if (run.vacuumed.length + run.analyzed.length > 0) log.info(run, 'embedded database maintenance');
    return run;
  };

  const runOnce = (): Promise<MaintenanceRun> => {
    running ??= check().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = setInterval(() => {
    runOnce().catch((error: unknown) => log.warn({ err: error }, 'embedded database maintenance failed'));
  }, intervalMs);
  timer.unref();
  return { runOnce, stop: () => clearInterval(timer) };
}
