/** What `npm run bench` and `npm run bench:ab` both need of the processes they start and measure. */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';

/**
 * Bench runs outlast the 15-minute access token: the servers they start accept (and they mint) tokens this long — on
 * a loaded machine seeding and preparing 100 000 users took over 30 minutes (2026-11-28) and the first scenario met
 * 401s with hour-long ones.
 */
export const BENCH_TOKEN_TTL_SECONDS = 6 * 3600;

/** A port nothing listens on now: the system picks it (a random one could belong to a leftover server). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits until the server answers /api/health (or exits, or 180 s pass: at a load average of 40 on two cores, a server
 * starting beside another took over 60 s, 2026-11-28 22:34).
 */
export async function waitHealthy(baseUrl: string, child: ChildProcess): Promise<void> {
  let last = 'no answer';
  for (let attempt = 0; attempt < 900; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server at ${baseUrl} exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
      last = `${response.status} ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      // not listening yet
      last = String((error as { cause?: unknown }).cause ?? error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server at ${baseUrl} did not become healthy in 180 s (last: ${last})`);
}

/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const clockTicksPerSecond = 100;

/**
 * CPU time (user + system) a process has used, in µs, from /proc (Linux). Per request it moves less with the
 * machine's load than req/s and latency do, but on a busy shared machine it still drifts (53–102 µs for one build's
 * health check, 2026-11-27): `npm run bench:ab` tells small differences apart.
 */
export function cpuMicros(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    // Fields after the command name (which may hold spaces, hence after the last ')'): utime is the 14th, stime 15th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1_000_000) / clockTicksPerSecond;
  } catch {
    return Number.NaN;
  }
}

/**
 * The environment a measured server runs with. Development for its built-in sign-in and mail outbox; responses are
 * trusted as in production (a strict check of every response against its schema is for development and tests:
 * http/response-serializer.ts). An empty `databaseUrl` is the embedded PGlite.
 */
export function serverEnvironment(options: {
  port: number;
  databaseUrl: string;
  poolSize: number;
  dataDir: string;
  jwtSecret: string;
  logLevel: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    RESPONSE_CHECKS: 'trusted',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    DATABASE_POOL_SIZE: String(options.poolSize),
    DATA_DIR: options.dataDir,
    JWT_SECRET: options.jwtSecret,
    ACCESS_TOKEN_TTL_SECONDS: String(BENCH_TOKEN_TTL_SECONDS),
    LOG_LEVEL: options.logLevel,
  };
}
