/**
 * `npm run bench:ab`: two builds of the server side by side on one fresh PostgreSQL database, loaded in alternating
 * short bursts on one unauthenticated path, to tell a small difference between them on a machine whose speed drifts.
 * `npm run bench` runs each server once, minutes apart, so a few percent between two builds drowns in whatever else the
 * machine is doing; here the two answer the same load within seconds of each other, in both orders, many times, and
 * what is reported is each round's ratio and the median of the rounds.
 *
 *   AB_BEFORE, AB_AFTER  built main.js files inside apps/server (e.g. a copy of dist/ from the commit before)
 *   AB_PATH              the path to load (default /api/health)
 *   AB_ROUNDS            bursts per build (default 10)       AB_SECONDS  seconds per burst (default 3)
 *   BENCH_CONNECTIONS    concurrency (default 50)            BENCH_DATABASE_URL  admin connection
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMicros, freePort, serverEnvironment, waitHealthy } from './processes';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const before = process.env.AB_BEFORE;
const after = process.env.AB_AFTER;
const target = process.env.AB_PATH ?? '/api/health';
const rounds = Number(process.env.AB_ROUNDS ?? 10);
const seconds = Number(process.env.AB_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
if (!before || !after) {
  console.error('bench:ab needs AB_BEFORE and AB_AFTER: the two built main.js files to compare');
  process.exit(2);
}

interface Server {
  label: string;
  child: ChildProcess;
  url: string;
  dataDir: string;
}

async function startServer(label: string, entry: string, databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'placely-ab-'));
  const child = spawn(process.execPath, [path.resolve(entry)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: serverEnvironment({
      port,
      databaseUrl,
      poolSize: Math.min(connections, 20),
      dataDir,
      jwtSecret: randomBytes(32).toString('hex'),
      logLevel: 'info',
    }),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child);
  return { label, child, url, dataDir };
}

/** One burst against one server: its answers a second and its CPU per answer. */
async function burst(server: Server): Promise<{ rps: number; micros: number }> {
  const pid = server.child.pid;
  const cpuBefore = cpuMicros(pid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url: `${server.url}${target}`, connections, duration: seconds }, (error, finished) =>
      error ? reject(error) : resolve(finished),
    );
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${server.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors (timeouts)`);
  }
  return { rps: result.requests.total / seconds, micros: (cpuMicros(pid) - cpuBefore) / result.requests.total };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const databaseName = `placely_ab_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${databaseName}`);
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();
const servers: Server[] = [];
try {
  // One after the other: the first migrates the new database.
  servers.push(await startServer('before', before, databaseUrl));
  servers.push(await startServer('after', after, databaseUrl));
  for (const server of servers) await burst(server); // warm-up: JIT, pools
  console.log(
    `bench:ab ${target}, ${connections} connections, ${rounds} rounds of ${seconds} s [load ${loadavg()[0]}]`,
  );
  const ratios: number[] = [];
  const beforeMicros: number[] = [];
  const afterMicros: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Both orders, alternately: neither build always runs on the warmer machine.
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    const figures: { rps: number; micros: number }[] = [];
    for (const index of order) figures[index] = await burst(servers[index] as Server);
    const [a, b] = figures as [{ rps: number; micros: number }, { rps: number; micros: number }];
    ratios.push(b.rps / a.rps);
    beforeMicros.push(a.micros);
    afterMicros.push(b.micros);
    console.log(
      `round ${round + 1}: before ${Math.round(a.rps)} req/s, ${Math.round(a.micros)} µs | after ${Math.round(b.rps)} req/s, ${Math.round(b.micros)} µs | after ÷ before ${(b.rps / a.rps).toFixed(3)}`,
    );
  }
  console.log(
    `median after ÷ before ${median(ratios).toFixed(3)} (rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}); median CPU µs a request: before ${Math.round(median(beforeMicros))}, after ${Math.round(median(afterMicros))} [load ${loadavg()[0]}]`,
  );
} finally {
  for (const server of servers) {
    server.child.kill('SIGTERM');
    await new Promise((resolve) =>
      server.child.exitCode !== null ? resolve(null) : server.child.once('exit', resolve),
    );
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  await admin.query(`drop database if exists ${databaseName}`);
  await admin.end();
}
