/**
 * `npm run bench`: the real server under autocannon on a freshly seeded PostgreSQL database, each scenario beside
 * a pgbench baseline running the handler's SQL at the same concurrency on the same database, in the same run.
 *
 *   BENCH_DATABASE_URL  admin connection (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_USERS         seeded users (default 100000)     BENCH_CONNECTIONS  concurrency (default 50)
 *   BENCH_DURATION      seconds per measurement (default 10)
 *   BENCH_SECTION_ENTRIES  entries per profile section per individual (default 10)
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { startSession } from '../src/auth/sessions';
import { createTokenService } from '../src/auth/tokens';
import { openDatabase } from '../src/db/client';
import type { BenchContext, Scenario } from './scenario';
import { scenarios } from './scenarios';
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
  if (warmup.non2xx > 0) throw new Error(`${scenario.name}: ${warmup.non2xx} non-2xx responses during warm-up`);
  return autocannon(options);
}

async function measurePgbench(scenario: Scenario): Promise<{ tps: number; latencyMs: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'placely-pgbench-'));
  const script = path.join(dir, 'script.sql');
  writeFileSync(script, scenario.baselineSql.replaceAll(':users', String(users)));
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

  const baseUrl = await startServer(jwtSecret);
  const context: BenchContext = { baseUrl, tokens, userIds, users, db: client };
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    const result = await measureServer(context, scenario);
    const baseline = await measurePgbench(scenario);
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
  await client.end();

  const report =
    `# Bench results\n\n${new Date().toISOString()} — ${users} users, ${connections} connections, ${duration}s each, ` +
    `PostgreSQL at ${new URL(adminUrl).host}, Node ${process.version}.\n\n${table(rows)}\n`;
  const resultsDir = path.join(here, 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, 'latest.md'), report);
  writeFileSync(
    path.join(resultsDir, 'latest.json'),
    `${JSON.stringify({ users, connections, duration, rows }, null, 2)}\n`,
  );
  console.log(`\n${table(rows)}\n\nwritten to bench/results/latest.{md,json}`);
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
