/**
 * `npm run bench`: the real server under autocannon on a freshly seeded PostgreSQL database, each scenario beside
 * a pgbench baseline running the handler's SQL at the same concurrency on the same database, in the same run.
 *
 *   BENCH_DATABASE_URL  admin connection (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_USERS         seeded users (default 100000)     BENCH_CONNECTIONS  concurrency (default 50)
 *   BENCH_DURATION      seconds per measurement (default 10)
 *   BENCH_POOL_SIZE     the server's (and bare baselines') DATABASE_POOL_SIZE (default min(connections, 20))
 *   BENCH_SECTION_ENTRIES  entries per profile section per individual (default 10)
 *   BENCH_APPLICATIONS  applications on the responses/export opening (default 100000)
 *   BENCH_ONLY          a regular expression: only the scenarios and long operations whose names match
 *   BENCH_PGLITE=1      the embedded default instead: PGlite in the server process (one connection; no pgbench, the
 *                       long operations' COPY baselines run in PGlite after the server stops)
 *   BENCH_LOG_LEVEL     the server's LOG_LEVEL (default info, the production default: one line per request)
 *   BENCH_NODE_ARGS     extra node flags for the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof)
 *   BENCH_KEEP_DATABASE=1  keep the seeded PostgreSQL database afterwards (its name is printed), for EXPLAIN
 *   BENCH_SERVER_ENTRY  a built main.js to measure instead of dist/main.js (e.g. the landed build, for before/after)
 *   BENCH_BEFORE_ENTRY  a second built main.js (inside apps/server, e.g. dist-before/main.js: the build before a
 *                       change), started beside the measured one on the same database and measured right after it on
 *                       every scenario and long operation: a row "before build" whose ratio is this build ÷ that one,
 *                       a before/after in the same run, seconds apart (not with BENCH_PGLITE)
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { startSession } from '../src/auth/sessions';
import { createTokenService } from '../src/auth/tokens';
import { type Database, migrationsFolder, openDatabase } from '../src/db/client';
import * as schema from '../src/db/schema';
import { createCursorSigner } from '../src/http/cursor';
import { responseCursors } from '../src/routes/responses/orders';
import { goalsTable, judgeGoals } from './goals';
import { BENCH_TOKEN_TTL_SECONDS, cpuMicros, freePort, serverEnvironment, waitHealthy } from './processes';
import type { BareBaseline, BenchContext, BenchDb, OneShot, Scenario } from './scenario';
import { oneShots, scenarios } from './scenarios';
import { DRIVE_NAME, type DriveResult, driveTable, prepareDrive, runDrive } from './scenarios/drive';
import { seedFoundation, seedProfileSections } from './seed';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, '..');

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const users = Number(process.env.BENCH_USERS ?? 100_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const tokenCount = Math.min(2_000, users);
/** Database connections of the server and of the bare baselines (each process's pool). */
const poolSize = Number(process.env.BENCH_POOL_SIZE ?? Math.min(connections, 20));
const sectionEntries = Number(process.env.BENCH_SECTION_ENTRIES ?? 10);
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const usePglite = process.env.BENCH_PGLITE === '1';
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const serverNodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const serverEntry = process.env.BENCH_SERVER_ENTRY ?? path.join(serverRoot, 'dist/main.js');
const beforeEntry = process.env.BENCH_BEFORE_ENTRY ? path.resolve(process.env.BENCH_BEFORE_ENTRY) : undefined;
/** The row name of a before build's measurement (its ratio: this build ÷ the before build). */
const BEFORE_BUILD = 'before build (BENCH_BEFORE_ENTRY), same requests right after';

interface Row {
  scenario: string;
  serverRps: number;
  serverP50: number;
  serverP95: number;
  serverP99: number;
  non2xx: number;
  errors: number;
  /** What the server is compared with: pgbench running the handler's SQL, or a bare Fastify server. */
  baseline: string;
  pgbenchTps: number;
  pgbenchLatencyMs: number;
  /** The baseline's own 95th percentile latency (pgbench's per-transaction log; autocannon for a bare server), ms. */
  baselineP95Ms?: number;
  ratio: number;
  /** The server process's CPU time (user + system) per answered request during the measurement, in µs. */
  serverCpuUsPerRequest: number;
  /** The same for a bare Fastify baseline's process. */
  baselineCpuUsPerRequest?: number;
  /** EXPLAIN (ANALYZE, BUFFERS) of the scenario's key statements, after the measurement. */
  plans?: string[];
  /** pg_stat_activity sampled every 200 ms during the server's measurement: what its sessions waited on. */
  waits?: ActivityWaits;
}

interface ActivityWaits {
  samples: number;
  /** The most sessions seen waiting on a heavyweight lock at once. */
  mostLockWaiters: number;
  /** Each wait event (type:event) seen on an active session, and in how many samples. */
  events: Record<string, number>;
}

/** The bench database's active sessions now: how many wait on a heavyweight lock, and every wait event seen. */
async function sampleActivity(client: pg.Client): Promise<{ waiting: number; events: string[] }> {
  const { rows } = await client.query<{ waiting: number; events: string[] | null }>(
    `SELECT count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS waiting,
       array_agg(wait_event_type || ':' || wait_event) FILTER (WHERE wait_event IS NOT NULL AND wait_event_type <> 'Client') AS events
     FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
  );
  return { waiting: rows[0]?.waiting ?? 0, events: rows[0]?.events ?? [] };
}

/** Samples pg_stat_activity until the returned function is called, which answers what was seen. */
function watchActivity(client: pg.Client | undefined): () => Promise<ActivityWaits | undefined> {
  if (!client) return async () => undefined;
  const waits: ActivityWaits = { samples: 0, mostLockWaiters: 0, events: {} };
  let watching = true;
  const loop = (async () => {
    while (watching) {
      const sample = await sampleActivity(client).catch(() => null);
      if (sample) {
        waits.samples += 1;
        waits.mostLockWaiters = Math.max(waits.mostLockWaiters, sample.waiting);
        for (const event of sample.events) waits.events[event] = (waits.events[event] ?? 0) + 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return async () => {
    watching = false;
    await loop;
    return waits;
  };
}

const waitsText = (waits: ActivityWaits | undefined) =>
  waits
    ? `${waits.mostLockWaiters} at most on locks; ${
        Object.entries(waits.events)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([event, n]) => `${event} ${((100 * n) / Math.max(1, waits.samples)).toFixed(0)}%`)
          .join(', ') || 'none'
      }`
    : '—';

const databaseName = `placely_bench_${Date.now()}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
let server: ChildProcess | undefined;
let beforeServer: ChildProcess | undefined;
let bareServer: ChildProcess | undefined;
let created = false;
/** PGlite mode: the data directory the bench seeds and the server then opens (DATA_DIR/pglite). */
const pgliteDataDir = usePglite ? mkdtempSync(path.join(tmpdir(), 'placely-bench-pglite-')) : undefined;

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

async function cleanUp(): Promise<void> {
  await stop(server);
  await stop(beforeServer);
  await stop(bareServer);
  if (pgliteDataDir) rmSync(pgliteDataDir, { recursive: true, force: true });
  if (created && process.env.BENCH_KEEP_DATABASE === '1') {
    console.log(`kept the database ${databaseName}`);
  } else if (created) {
    created = false;
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  }
}

async function startServer(jwtSecret: string, entry = serverEntry): Promise<string> {
  const port = await freePort();
  const [command, args] = existsSync(entry)
    ? [process.execPath, [...serverNodeArgs, entry]]
    : [process.execPath, [...serverNodeArgs, '--import', 'tsx', path.join(serverRoot, 'src/main.ts')]];
  // PGlite mode: the seeded cluster is DATA_DIR/pglite, where the server looks for it.
  const dataDir = pgliteDataDir ?? mkdtempSync(path.join(tmpdir(), 'placely-bench-'));
  const child = spawn(command, args, {
    cwd: serverRoot,
    // Production writes its request log to stdout too; here it goes to /dev/null, so writing it is measured.
    stdio: ['ignore', 'ignore', 'inherit'],
    env: serverEnvironment({
      port,
      databaseUrl: usePglite ? '' : databaseUrl,
      poolSize,
      dataDir,
      jwtSecret,
      logLevel,
    }),
  });
  if (entry === serverEntry) server = child;
  else beforeServer = child;
  if (!pgliteDataDir) child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitHealthy(baseUrl, child);
  return baseUrl;
}

/**
 * A request-overhead baseline: a bare Fastify server (no plugins, hooks or logger) answering `body` at `bare.path`,
 * optionally after `SELECT 1` through a pg pool of the server's size; or, with `bare.statements`, a signed-in
 * request's floor (the token checked, then those statements) (bench/bare-server.ts).
 */
async function startBareServer(body: string, bare: BareBaseline, jwtSecret: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'bare-server.ts')], {
    cwd: serverRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      BARE_BODY: body,
      BARE_PATH: bare.path,
      BARE_METHOD: bare.method ?? 'GET',
      ...(bare.statements ? { BARE_SQL: JSON.stringify(bare.statements()), JWT_SECRET: jwtSecret } : {}),
      ...(bare.selectOne || bare.statements ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: String(poolSize) } : {}),
    },
  });
  bareServer = child;
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitHealthy(baseUrl, child);
  return baseUrl;
}

/** autocannon's result, plus the exact 95th percentile of every response time (autocannon reports p90 and p97.5). */
async function cannon(options: autocannon.Options) {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, finished) => (error ? reject(error) : resolve(finished)));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  const p95 = times.length ? (times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)] ?? 0) : 0;
  return { result, p95: Math.round(p95) };
}

async function measureServer(
  context: BenchContext,
  scenario: Scenario,
  url = context.baseUrl,
  pid: number | undefined = server?.pid,
) {
  const options = { url, connections, duration, ...scenario.load(context) };
  const warmup = await autocannon({ ...options, duration: 2 });
  if (warmup.non2xx > 0) {
    const codes = Object.entries(warmup.statusCodeStats ?? {})
      .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
      .join(', ');
    throw new Error(`${scenario.name}: ${warmup.non2xx} non-2xx responses during warm-up (${codes})`);
  }
  const cpuBefore = cpuMicros(pid);
  const measured = await cannon(options);
  const answered = measured.result.requests.total;
  return { ...measured, cpuUsPerRequest: answered > 0 ? (cpuMicros(pid) - cpuBefore) / answered : Number.NaN };
}

async function measurePgbench(
  scenario: Scenario,
  context: BenchContext,
  baselineSql: string = typeof scenario.baselineSql === 'function'
    ? scenario.baselineSql(context)
    : scenario.baselineSql,
  protocol: 'prepared' | 'extended' = 'prepared',
): Promise<{ tps: number; latencyMs: number; p95Ms: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'placely-pgbench-'));
  const script = path.join(dir, 'script.sql');
  writeFileSync(script, baselineSql.replaceAll(':users', String(users)));
  // A scenario that runs at its own concurrency (the ranking) is compared with pgbench at the same one.
  const clients = Number((scenario.load(context) as { connections?: number }).connections ?? connections);
  try {
    const { stdout } = await run(
      'pgbench',
      [
        '-n',
        '-M',
        protocol,
        '-c',
        String(clients),
        '-j',
        String(Math.min(2, clients)),
        '-T',
        String(duration),
        '-f',
        script,
        // Every transaction's latency, for the baseline's p95 (a latency goal is only as reachable as the database
        // alone makes it at the same concurrency).
        '--log',
        `--log-prefix=${path.join(dir, 'latency')}`,
        databaseUrl,
      ],
      { maxBuffer: 10 * 1024 * 1024 },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
    const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`could not read pgbench output:\n${stdout}`);
    return { tps, latencyMs, p95Ms: pgbenchP95(dir) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The 95th percentile of the transaction latencies pgbench logged in `dir` (`--log`: one file per thread, each line
 * `client transaction_no time script_no time_epoch time_us`, time in µs), in ms.
 */
function pgbenchP95(dir: string): number {
  const times: number[] = [];
  for (const file of readdirSync(dir).filter((name) => name.startsWith('latency'))) {
    for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      const micros = Number(line.split(' ')[2]);
      if (line && Number.isFinite(micros)) times.push(micros);
    }
  }
  if (times.length === 0) return Number.NaN;
  times.sort((a, b) => a - b);
  return (times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)] ?? 0) / 1000;
}

interface OneShotRow {
  name: string;
  serverSeconds: number;
  megabytes: number;
  serverPeakRssMb: number;
  serverRssBeforeMb: number;
  baselineSeconds: number;
  ratio: number;
  /** Each run's seconds, in order (`OneShot.repeat`); `serverSeconds` is their median. */
  serverRuns: number[];
  /** COPY of the handler's own statement (`OneShot.handlerSql`), when the shot has one. */
  handlerBaselineSeconds?: number;
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

async function psqlSeconds(sqlText: string): Promise<number> {
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const psql = spawn('psql', ['-X', '-q', '-c', sqlText, databaseUrl], { stdio: ['ignore', 'ignore', 'inherit'] });
    psql.once('error', reject);
    psql.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited ${code}`))));
  });
  return (performance.now() - started) / 1000;
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Times the work against the server while sampling its resident memory every 50 ms. */
async function measureOneShot(
  context: BenchContext,
  shot: OneShot,
  pid: number = server?.pid ?? 0,
  name = shot.name,
): Promise<OneShotRow> {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const times: number[] = [];
  let bytes = 0;
  try {
    for (let run = 0; run < (shot.repeat ?? 1); run++) {
      const started = performance.now();
      bytes = await shot.run(context);
      times.push((performance.now() - started) / 1000);
    }
  } finally {
    clearInterval(sampler);
  }
  const serverSeconds = medianOf(times);
  // PGlite is the server's own: its COPY baseline runs once the server has stopped (pgliteCopyBaselines).
  // The baselines run as often as the work, and report their median too.
  const median = async (sqlText: string) => {
    const seconds: number[] = [];
    for (let run = 0; run < (shot.repeat ?? 1); run++) seconds.push(await psqlSeconds(sqlText));
    return medianOf(seconds);
  };
  const baselineSeconds = usePglite ? Number.NaN : await median(shot.baselineSql(context));
  const handlerBaselineSeconds =
    usePglite || !shot.handlerSql ? undefined : await median(await shot.handlerSql(context));
  return {
    serverRuns: times,
    handlerBaselineSeconds,
    name,
    serverSeconds,
    megabytes: bytes / 1024 / 1024,
    serverPeakRssMb: peak,
    serverRssBeforeMb: before,
    baselineSeconds,
    ratio: baselineSeconds / serverSeconds,
  };
}

function oneShotTable(rows: OneShotRow[]): string {
  return (
    "| long operation | server s (median of runs) | MB | server RSS before → peak MB (growth) | COPY … TO STDOUT s | server ÷ COPY | COPY ÷ server | COPY of the handler's statement s | server ÷ that |\n" +
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n' +
    rows
      .map(
        (row) =>
          `| ${row.name} | ${row.serverSeconds.toFixed(2)} | ${row.megabytes.toFixed(1)} | ` +
          `${row.serverRssBeforeMb.toFixed(0)} → ${row.serverPeakRssMb.toFixed(0)} (+${(row.serverPeakRssMb - row.serverRssBeforeMb).toFixed(0)}) | ` +
          `${row.baselineSeconds.toFixed(2)} | ${(row.serverSeconds / row.baselineSeconds).toFixed(2)} | ${row.ratio.toFixed(2)} | ` +
          (row.handlerBaselineSeconds === undefined
            ? '— | — |'
            : `${row.handlerBaselineSeconds.toFixed(2)} | ${(row.serverSeconds / row.handlerBaselineSeconds).toFixed(2)} |`),
      )
      .join('\n')
  );
}

function table(rows: Row[]): string {
  const header =
    '| scenario | server req/s | p50 ms | p95 ms | p99 ms | non-2xx | errors (timeouts) | server CPU µs/request | baseline | baseline req/s or tps | baseline avg ms | baseline p95 ms | server ÷ baseline | database waits during the server’s run |\n' +
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- |\n';
  return (
    header +
    rows
      .map(
        (row) =>
          `| ${row.scenario} | ${row.serverRps.toFixed(0)} | ${row.serverP50} | ${row.serverP95} | ${row.serverP99} | ${row.non2xx} | ${row.errors} | ` +
          `${micros(row.serverCpuUsPerRequest)}${row.baselineCpuUsPerRequest === undefined ? '' : ` (bare ${micros(row.baselineCpuUsPerRequest)})`} | ` +
          `${row.baseline} | ${Number.isNaN(row.pgbenchTps) ? '—' : row.pgbenchTps.toFixed(0)} | ` +
          `${Number.isNaN(row.pgbenchLatencyMs) ? '—' : row.pgbenchLatencyMs.toFixed(2)} | ` +
          `${row.baselineP95Ms === undefined || Number.isNaN(row.baselineP95Ms) ? '—' : row.baselineP95Ms.toFixed(1)} | ` +
          `${Number.isNaN(row.ratio) ? '—' : row.ratio.toFixed(2)} | ${waitsText(row.waits)} |`,
      )
      .join('\n')
  );
}

const micros = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(0));

/** A pg.Client-shaped view of the in-process PGlite the bench seeds (PGlite mode). */
function pgliteBenchDb(client: PGlite): BenchDb {
  return {
    async query<R>(text: string, params?: unknown[]) {
      const result = await client.query<R>(text, params);
      return { rows: result.rows };
    },
  };
}

/** PGlite mode: each long operation's COPY baseline, in PGlite alone, after the server has let go of it. */
async function pgliteCopyBaselines(context: BenchContext, rows: OneShotRow[], shots: OneShot[]): Promise<void> {
  const client = await PGlite.create({ dataDir: path.join(pgliteDataDir ?? '', 'pglite') });
  try {
    for (const [index, shot] of shots.entries()) {
      const row = rows[index];
      if (!row) continue;
      const started = performance.now();
      // exec: some baselines are several statements (a rebuild inside BEGIN … ROLLBACK), which query refuses.
      await client.exec(shot.baselineSql(context).replace(/TO STDOUT/, "TO '/dev/blob'"));
      row.baselineSeconds = (performance.now() - started) / 1000;
      row.ratio = row.baselineSeconds / row.serverSeconds;
    }
  } finally {
    await client.close();
  }
}

async function main(): Promise<void> {
  process.on('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  const selected = scenarios.filter((scenario) => !only || only.test(scenario.name));
  const selectedShots = oneShots.filter((shot) => !only || only.test(shot.name));
  const driveSelected = !usePglite && (!only || only.test(DRIVE_NAME));
  const where = usePglite ? 'PGlite (embedded, one connection)' : `PostgreSQL at ${new URL(adminUrl).host}`;
  console.log(`bench: ${where}, ${users} users, ${connections} connections, ${duration}s per measurement`);

  let database: { db: Database; close(): Promise<void> };
  let benchDb: BenchDb;
  let pgClient: pg.Client | undefined;
  let pgliteClient: PGlite | undefined;
  if (usePglite) {
    pgliteClient = await PGlite.create({ dataDir: path.join(pgliteDataDir ?? '', 'pglite') });
    const db = drizzlePglite(pgliteClient, { schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    database = { db: db as unknown as Database, close: async () => {} };
    benchDb = pgliteBenchDb(pgliteClient);
  } else {
    await withAdmin((client) => client.query(`CREATE DATABASE ${databaseName}`));
    created = true;
    const handle = await openDatabase({ databaseUrl, pgliteDir: undefined, poolSize: 4 });
    await handle.migrate();
    database = handle;
    pgClient = new pg.Client({ connectionString: databaseUrl });
    // Dropping the database at the end (or after a failure) ends this connection too; that is expected.
    pgClient.on('error', () => {});
    await pgClient.connect();
    benchDb = pgClient;
  }
  const seeding = Date.now();
  await seedFoundation(benchDb, users);
  await seedProfileSections(benchDb, sectionEntries);
  console.log(`seeded in ${((Date.now() - seeding) / 1000).toFixed(1)}s`);

  const jwtSecret = randomBytes(32).toString('hex');
  const tokenService = createTokenService(new TextEncoder().encode(jwtSecret), BENCH_TOKEN_TTL_SECONDS);
  const userIds = Array.from({ length: tokenCount }, (_, index) => 1 + Math.floor((index * users) / tokenCount));
  const tokens = await Promise.all(
    userIds.map(async (userId) => {
      const session = await startSession(database.db, userId);
      return (await tokenService.issueAccessToken({ userId, sessionId: session.sessionId })).accessToken;
    }),
  );
  await database.close();

  // Every seeded user has a live session family: tokens for more users are signed against it, as the server would.
  const mintTokens = async (ids: readonly number[]) => {
    const { rows: families } = await benchDb.query<{ user_id: string; id: string }>(
      'SELECT DISTINCT ON (user_id) user_id, id FROM refresh_token_families WHERE user_id = ANY($1::bigint[]) AND revoked_at IS NULL',
      [ids],
    );
    const sessionOf = new Map(families.map((family) => [Number(family.user_id), family.id]));
    return Promise.all(
      ids.map(async (userId) => {
        const sessionId = sessionOf.get(userId);
        if (!sessionId) throw new Error(`user ${userId} has no session`);
        return (await tokenService.issueAccessToken({ userId, sessionId })).accessToken;
      }),
    );
  };

  const context: BenchContext = {
    baseUrl: '',
    tokens,
    userIds,
    users,
    db: benchDb,
    mintTokens,
    responseCursors: responseCursors(createCursorSigner(new TextEncoder().encode(jwtSecret))),
  };
  // Everything is seeded before the server starts: in PGlite mode the server owns the database from then on.
  for (const scenario of selected) await scenario.prepare?.(context);
  for (const shot of selectedShots) await shot.prepare?.(context);
  if (driveSelected) await prepareDrive(context);
  for (const scenario of selected) await scenario.settle?.(context);
  // Autovacuum's work, done at once: these machines' PostgreSQL runs with autovacuum off, and a production database's
  // autovacuum would have vacuumed the seeded tables (visibility map for index-only scans, hint bits set) long before
  // anyone reads them. Without it, the first scans of each table write hint bits and index-only scans visit the heap.
  const vacuuming = Date.now();
  await benchDb.query('VACUUM ANALYZE');
  console.log(`vacuumed in ${((Date.now() - vacuuming) / 1000).toFixed(1)}s`);
  if (pgliteClient) await pgliteClient.close();

  context.baseUrl = await startServer(jwtSecret);
  const beforeUrl = beforeEntry && !usePglite ? await startServer(jwtSecret, beforeEntry) : undefined;
  const rows: Row[] = [];
  for (const scenario of selected) {
    const watched = watchActivity(pgClient);
    const { result, p95, cpuUsPerRequest } = await measureServer(context, scenario);
    const waits = await watched();
    const row: Row = {
      scenario: scenario.name,
      serverRps: result.requests.average,
      serverP50: result.latency.p50,
      serverP95: p95,
      serverP99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      baseline: 'pgbench',
      pgbenchTps: Number.NaN,
      pgbenchLatencyMs: Number.NaN,
      ratio: Number.NaN,
      serverCpuUsPerRequest: cpuUsPerRequest,
      waits,
    };
    if (!usePglite) {
      await scenario.beforeBaseline?.(context);
      const baseline = await measurePgbench(scenario, context);
      await scenario.afterBaseline?.(context, 'pgbench');
      row.baseline = `pgbench (${scenario.baselineName ?? "the handler's SQL"})`;
      row.pgbenchTps = baseline.tps;
      row.pgbenchLatencyMs = baseline.latencyMs;
      row.baselineP95Ms = baseline.p95Ms;
      row.ratio = result.requests.average / baseline.tps;
    } else {
      row.baseline = '— (PGlite: no pgbench)';
    }
    if (pgClient && scenario.explainSql) {
      row.plans = [];
      for (const statement of scenario.explainSql(context)) {
        const { rows: lines } = await pgClient.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${statement}`,
        );
        row.plans.push(`${statement}\n\n${lines.map((line) => line['QUERY PLAN']).join('\n')}`);
      }
    }
    rows.push(row);
    report(row);
    if (beforeUrl) {
      // The same requests against the build before the change, right after (the same database, seconds apart).
      await scenario.beforeBaseline?.(context);
      const watchedBefore = watchActivity(pgClient);
      const measured = await measureServer(context, scenario, beforeUrl, beforeServer?.pid);
      const beforeWaits = await watchedBefore();
      await scenario.afterBaseline?.(context, 'bare');
      const beforeRow: Row = {
        ...row,
        baseline: BEFORE_BUILD,
        pgbenchTps: measured.result.requests.average,
        pgbenchLatencyMs: measured.result.latency.average,
        baselineP95Ms: measured.p95,
        ratio: row.serverRps / measured.result.requests.average,
        baselineCpuUsPerRequest: measured.cpuUsPerRequest,
        plans: undefined,
        waits: beforeWaits,
      };
      rows.push(beforeRow);
      report(beforeRow);
    }
    for (const extra of usePglite ? [] : (scenario.extraBaselines ?? [])) {
      await scenario.beforeBaseline?.(context);
      const baseline = await measurePgbench(scenario, context, extra.sql(context), extra.protocol);
      await scenario.afterBaseline?.(context, 'pgbench');
      const extraRow: Row = {
        ...row,
        baseline: `pgbench (${extra.name})`,
        pgbenchTps: baseline.tps,
        pgbenchLatencyMs: baseline.latencyMs,
        baselineP95Ms: baseline.p95Ms,
        ratio: row.serverRps / baseline.tps,
        plans: undefined,
      };
      rows.push(extraRow);
      report(extraRow);
    }
    // PGlite answers one query at a time: at 50 connections its slowest pages time out (autocannon's 10 s), which
    // is a figure to report there, not a broken run.
    if (row.non2xx > 0 || (row.errors > 0 && !usePglite))
      throw new Error(`${row.scenario}: ${row.non2xx} non-2xx, ${row.errors} errors`);
    // Request overhead: the same requests against a bare Fastify server answering the same JSON, right after.
    for (const bare of scenario.bareBaselines ?? []) {
      if ((bare.selectOne || bare.statements) && usePglite) continue;
      const body = bare.statements ? '{}' : await (await fetch(`${context.baseUrl}${bare.path}`)).text();
      // PGlite mode: the server owns the database, so the hooks (on the bench's connection) do not run.
      if (!usePglite) await scenario.beforeBaseline?.(context);
      const bareUrl = await startBareServer(body, bare, jwtSecret);
      const measured = await measureServer(context, scenario, bareUrl, bareServer?.pid);
      await stop(bareServer);
      if (!usePglite) await scenario.afterBaseline?.(context, 'bare');
      const bareRow: Row = {
        ...row,
        baseline: bare.name,
        pgbenchTps: measured.result.requests.average,
        pgbenchLatencyMs: measured.result.latency.average,
        baselineP95Ms: measured.p95,
        ratio: row.serverRps / measured.result.requests.average,
        baselineCpuUsPerRequest: measured.cpuUsPerRequest,
      };
      rows.push(bareRow);
      report(bareRow);
    }
  }
  let driveResult: DriveResult | null = null;
  if (driveSelected && pgClient) {
    const client = pgClient;
    driveResult = await runDrive(context, () => sampleActivity(client));
    console.log(`\n${driveTable(driveResult)}\n`);
  }
  const longRows: OneShotRow[] = [];
  for (const shot of selectedShots) {
    const row = await measureOneShot(context, shot);
    longRows.push(row);
    console.log(
      `${row.name}: ${row.serverSeconds.toFixed(2)} s, ${row.megabytes.toFixed(1)} MB, server RSS ${row.serverRssBeforeMb.toFixed(0)} → ${row.serverPeakRssMb.toFixed(0)} MB; COPY ${row.baselineSeconds.toFixed(2)} s`,
    );
    if (beforeUrl && !shot.once) {
      // The build before the change, right after: its own row (not judged), the same COPY measured again beside it.
      const baseUrl = context.baseUrl;
      context.baseUrl = beforeUrl;
      try {
        const before = await measureOneShot(context, shot, beforeServer?.pid ?? 0, `(${BEFORE_BUILD}) ${shot.name}`);
        longRows.push(before);
        console.log(
          `${before.name}: ${before.serverSeconds.toFixed(2)} s (this build ÷ before ${(row.serverSeconds / before.serverSeconds).toFixed(2)}); COPY ${before.baselineSeconds.toFixed(2)} s`,
        );
      } finally {
        context.baseUrl = baseUrl;
      }
    }
  }
  await stop(server);
  await stop(beforeServer);
  if (usePglite && selectedShots.length > 0) await pgliteCopyBaselines(context, longRows, selectedShots);
  await pgClient?.end();

  const goals = judgeGoals(rows, longRows, driveResult?.outcome ?? null);
  const suffix = usePglite ? '-pglite' : '';
  const text =
    `# Bench results${usePglite ? ' (PGlite)' : ''}\n\n${new Date().toISOString()} — ${where}, ${users} users, ` +
    `${connections} connections, ${duration}s each, server LOG_LEVEL=${logLevel}, Node ${process.version}, ` +
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} at the end.\n\n## Goals (issue 44), judged from this run\n\n${goalsTable(goals)}\n\n` +
    `## Scenarios\n\n${table(rows)}\n\n${oneShotTable(longRows)}\n` +
    `${driveResult ? `\n## The drive burst\n\n${driveTable(driveResult)}\n` : ''}${planSection(rows)}`;
  const resultsDir = path.join(here, 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `latest${suffix}.md`), text);
  writeFileSync(
    path.join(resultsDir, `latest${suffix}.json`),
    `${JSON.stringify({ database: usePglite ? 'pglite' : 'postgres', users, connections, duration, logLevel, loadAverage: loadavg(), goals, rows, longOperations: longRows, drive: driveResult }, null, 2)}\n`,
  );
  console.log(
    `\n${table(rows)}\n\n${oneShotTable(longRows)}\n\n${goalsTable(goals)}\n\nwritten to bench/results/latest${suffix}.{md,json}`,
  );
}

function planSection(rows: Row[]): string {
  const planned = rows.filter((row) => row.plans?.length);
  if (planned.length === 0) return '';
  return `\n## Plans (EXPLAIN (ANALYZE, BUFFERS), after the measurement)\n${planned
    .map(
      (row) => `\n### ${row.scenario}\n\n${(row.plans ?? []).map((plan) => `\`\`\`\n${plan}\n\`\`\``).join('\n\n')}\n`,
    )
    .join('')}`;
}

function report(row: Row): void {
  console.log(
    `${row.scenario}: ${row.serverRps.toFixed(0)} req/s (p95 ${row.serverP95} ms, p99 ${row.serverP99} ms) vs ${row.baseline} ` +
      `${row.pgbenchTps.toFixed(0)}${row.baselineP95Ms === undefined ? '' : ` (p95 ${row.baselineP95Ms.toFixed(1)} ms)`} → ${row.ratio.toFixed(2)}; server CPU ${micros(row.serverCpuUsPerRequest)} µs/request [load ${loadavg()[0]?.toFixed(2)}]`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
