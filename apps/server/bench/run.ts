/**
 * `npm run bench`: the real server under autocannon on a freshly seeded PostgreSQL database, each scenario beside
 * a pgbench baseline running the handler's SQL at the same concurrency on the same database, in the same run.
 *
 *   BENCH_DATABASE_URL  admin connection (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_USERS         seeded users (default 100000)     BENCH_CONNECTIONS  concurrency (default 50)
 *   BENCH_DURATION      seconds per measurement (default 10)
 *   BENCH_SECTION_ENTRIES  entries per profile section per individual (default 10)
 *   BENCH_APPLICATIONS  applications on the responses/export opening (default 100000)
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { startSession } from '../src/auth/sessions';
import { createTokenService } from '../src/auth/tokens';
import { openDatabase } from '../src/db/client';
import type { BenchContext, OneShot, Scenario } from './scenario';
import { oneShots, scenarios } from './scenarios';
import { seedFoundation, seedProfileSections } from './seed';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, '..');

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const users = Number(process.env.BENCH_USERS ?? 100_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const tokenCount = Math.min(2_000, users);
const sectionEntries = Number(process.env.BENCH_SECTION_ENTRIES ?? 10);

interface Row {
  scenario: string;
  serverRps: number;
  serverP50: number;
  serverP99: number;
  non2xx: number;
  errors: number;
  pgbenchTps: number;
  pgbenchLatencyMs: number;
  ratio: number;
}

const databaseName = `placely_bench_${Date.now()}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
let server: ChildProcess | undefined;
let created = false;

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function cleanUp(): Promise<void> {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
  }
  if (created) {
    created = false;
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  }
}

function freePort(): number {
  return 3900 + Math.floor(Math.random() * 500);
}

async function startServer(jwtSecret: string): Promise<string> {
  const port = freePort();
  const built = path.join(serverRoot, 'dist/main.js');
  const [command, args] = existsSync(built)
    ? [process.execPath, [built]]
    : [process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')]];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'placely-bench-'));
  server = spawn(command, args, {
    cwd: serverRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(Math.min(connections, 20)),
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
    },
  });
  server.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return baseUrl;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become healthy');
}

async function measureServer(context: BenchContext, scenario: Scenario) {
  const options = { url: context.baseUrl, connections, duration, ...scenario.load(context) };
  const warmup = await autocannon({ ...options, duration: 2 });
  if (warmup.non2xx > 0) {
    const codes = Object.entries(warmup.statusCodeStats ?? {})
      .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
      .join(', ');
    throw new Error(`${scenario.name}: ${warmup.non2xx} non-2xx responses during warm-up (${codes})`);
  }
  return autocannon(options);
}

async function measurePgbench(scenario: Scenario, context: BenchContext): Promise<{ tps: number; latencyMs: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'placely-pgbench-'));
  const script = path.join(dir, 'script.sql');
  const sqlText = typeof scenario.baselineSql === 'function' ? scenario.baselineSql(context) : scenario.baselineSql;
  writeFileSync(script, sqlText.replaceAll(':users', String(users)));
  try {
    const { stdout } = await run(
      'pgbench',
      ['-n', '-M', 'prepared', '-c', String(connections), '-j', '2', '-T', String(duration), '-f', script, databaseUrl],
      { maxBuffer: 10 * 1024 * 1024 },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
    const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`could not read pgbench output:\n${stdout}`);
    return { tps, latencyMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface OneShotRow {
  name: string;
  serverSeconds: number;
  megabytes: number;
  serverPeakRssMb: number;
  serverRssBeforeMb: number;
  baselineSeconds: number;
  ratio: number;
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Times the work against the server while sampling its resident memory every 50 ms. */
async function measureOneShot(context: BenchContext, shot: OneShot): Promise<OneShotRow> {
  const pid = server?.pid ?? 0;
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const started = performance.now();
  const bytes = await shot.run(context).finally(() => clearInterval(sampler));
  const serverSeconds = (performance.now() - started) / 1000;
  const baselineStarted = performance.now();
  await new Promise<void>((resolve, reject) => {
    const psql = spawn('psql', ['-X', '-q', '-c', shot.baselineSql(context), databaseUrl], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    psql.once('error', reject);
    psql.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited ${code}`))));
  });
  const baselineSeconds = (performance.now() - baselineStarted) / 1000;
  return {
    name: shot.name,
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
    '| long operation | server s | MB | server RSS before → peak MB | COPY … TO STDOUT s | COPY ÷ server |\n' +
    '| --- | ---: | ---: | ---: | ---: | ---: |\n' +
    rows
      .map(
        (row) =>
          `| ${row.name} | ${row.serverSeconds.toFixed(2)} | ${row.megabytes.toFixed(1)} | ` +
          `${row.serverRssBeforeMb.toFixed(0)} → ${row.serverPeakRssMb.toFixed(0)} | ${row.baselineSeconds.toFixed(2)} | ${row.ratio.toFixed(2)} |`,
      )
      .join('\n')
  );
}

function table(rows: Row[]): string {
  const header =
    '| scenario | server req/s | p50 ms | p99 ms | non-2xx | pgbench tps | pgbench avg ms | server ÷ pgbench |\n' +
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n';
  return (
    header +
    rows
      .map(
        (row) =>
          `| ${row.scenario} | ${row.serverRps.toFixed(0)} | ${row.serverP50} | ${row.serverP99} | ${row.non2xx} | ` +
          `${row.pgbenchTps.toFixed(0)} | ${row.pgbenchLatencyMs.toFixed(2)} | ${row.ratio.toFixed(2)} |`,
      )
      .join('\n')
  );
}

async function main(): Promise<void> {
  process.on('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  console.log(`bench: ${users} users, ${connections} connections, ${duration}s per measurement`);
  await withAdmin((client) => client.query(`CREATE DATABASE ${databaseName}`));
  created = true;

  const database = await openDatabase({ databaseUrl, pgliteDir: undefined, poolSize: 4 });
  await database.migrate();
  const seeding = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  // Dropping the database at the end (or after a failure) ends this connection too; that is expected.
  client.on('error', () => {});
  await client.connect();
  await seedFoundation(client, users);
  await seedProfileSections(client, sectionEntries);
  console.log(`seeded in ${((Date.now() - seeding) / 1000).toFixed(1)}s`);

  const jwtSecret = randomBytes(32).toString('hex');
  const tokenService = createTokenService(new TextEncoder().encode(jwtSecret));
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
    const { rows: families } = await client.query<{ user_id: string; id: string }>(
      'SELECT DISTINCT ON (user_id) user_id, id FROM refresh_token_families WHERE user_id = ANY($1::bigint[]) AND revoked_at IS NULL',
      [ids],
    );
    const sessionOf = new Map(families.map((family) => [Number(family.user_id), family.id]));
    return Promise.all(
      ids.map(async (userId) => {
        const sessionId = sessionOf.get(userId);
        if (!sessionId) throw new Error(`user ${userId} has no session`);
        return (await tokenService.issueAccessToken({ userId, sessionId }, 3600)).accessToken;
      }),
    );
  };

  const baseUrl = await startServer(jwtSecret);
  const context: BenchContext = { baseUrl, tokens, userIds, users, db: client, mintTokens };
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    await scenario.prepare?.(context);
    const result = await measureServer(context, scenario);
    const baseline = await measurePgbench(scenario, context);
    const row: Row = {
      scenario: scenario.name,
      serverRps: result.requests.average,
      serverP50: result.latency.p50,
      serverP99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      pgbenchTps: baseline.tps,
      pgbenchLatencyMs: baseline.latencyMs,
      ratio: result.requests.average / baseline.tps,
    };
    rows.push(row);
    console.log(
      `${row.scenario}: ${row.serverRps.toFixed(0)} req/s (p99 ${row.serverP99} ms) vs pgbench ${row.pgbenchTps.toFixed(0)} tps → ${row.ratio.toFixed(2)}`,
    );
    if (row.non2xx > 0 || row.errors > 0)
      throw new Error(`${row.scenario}: ${row.non2xx} non-2xx, ${row.errors} errors`);
  }
  const longRows: OneShotRow[] = [];
  for (const shot of oneShots) {
    await shot.prepare?.(context);
    const row = await measureOneShot(context, shot);
    longRows.push(row);
    console.log(
      `${row.name}: ${row.serverSeconds.toFixed(2)} s, ${row.megabytes.toFixed(1)} MB, server RSS ${row.serverRssBeforeMb.toFixed(0)} → ${row.serverPeakRssMb.toFixed(0)} MB; COPY ${row.baselineSeconds.toFixed(2)} s`,
    );
  }
  await client.end();

  const report =
    `# Bench results\n\n${new Date().toISOString()} — ${users} users, ${connections} connections, ${duration}s each, ` +
    `PostgreSQL at ${new URL(adminUrl).host}, Node ${process.version}.\n\n${table(rows)}\n\n${oneShotTable(longRows)}\n`;
  const resultsDir = path.join(here, 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, 'latest.md'), report);
  writeFileSync(
    path.join(resultsDir, 'latest.json'),
    `${JSON.stringify({ users, connections, duration, rows, longOperations: longRows }, null, 2)}\n`,
  );
  console.log(`\n${table(rows)}\n\n${oneShotTable(longRows)}\n\nwritten to bench/results/latest.{md,json}`);
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
