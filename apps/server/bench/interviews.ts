/**
 * `npm run bench:interviews -w apps/server`: booking a round's slots under a rush, against the built server
 * (dist/main.js) on a fresh PostgreSQL database. BENCH_CANDIDATES (default 200) candidates in a round stage rush
 * BENCH_SEATS (default 100) seats (one-seat interview slots on ten panels) at once: each books a random slot. Then:
 *
 *   - no overbooking: every slot's seats_taken equals its live bookings and is ≤ its capacity; exactly `seats`
 *     bookings, one per candidate at most, and every other candidate was told the slots are full;
 *   - the booking request's p50/p95/max beside pgbench running the booking statement itself (the conditional
 *     `UPDATE round_slots … WHERE seats_taken < capacity` that takes a seat) at the same concurrency (capped by the
 *     database's max_connections) on the same database in the same run, before the rush and rolled back, so the
 *     rush finds every seat free.
 *
 * A candidate whose slot was just taken (409) reloads the free slots (GET /api/rounds/mine) and picks again, as the
 * page does, until booked or none is left; only the booking requests are timed.
 *
 *   BENCH_DATABASE_URL  admin connection (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_PORT          the server's port (default 3298)
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ORGANIZATION_HEADER } from '@placely/contract';
import pg from 'pg';
import { startSession } from '../src/auth/sessions';
import { createTokenService } from '../src/auth/tokens';
import { openDatabase } from '../src/db/client';
import { seedOpeningWithApplicants, seedOrganization, seedStudent } from '../src/seed/helpers';
import { BENCH_TOKEN_TTL_SECONDS } from './processes';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.BENCH_PORT ?? 3298);
const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 200);
const SEATS = Number(process.env.BENCH_SEATS ?? 100);
const PANELS = 10;
const databaseName = `placely_bench_interviews_${Date.now()}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))] ?? 0;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main() {
  await admin(`CREATE DATABASE ${databaseName}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'placely-bench-interviews-'));
  let server: ChildProcess | undefined;
  try {
    const handle = await openDatabase({ databaseUrl, pgliteDir: undefined, poolSize: 4 });
    await handle.migrate();
    const org = await seedOrganization(handle.db, { name: 'Bench Interviews Org' });
    const students = [];
    for (let i = 0; i < CANDIDATES; i++) students.push(await seedStudent(handle.db, { name: `Candidate ${i}` }));
    const { opening, applications } = await seedOpeningWithApplicants(handle.db, {
      organizationId: org.id,
      opening: { title: 'Bench interviews opening' },
      applicants: students.map((s, i) => ({
        userId: s.id,
        answers: { name: `Candidate ${i}`, email: `c${i}@example.com` },
      })),
    });
    const jwtSecret = randomBytes(32).toString('hex');
    const tokens = createTokenService(new TextEncoder().encode(jwtSecret), BENCH_TOKEN_TTL_SECONDS);
    const tokenOf = async (userId: number) =>
      (await tokens.issueAccessToken({ userId, sessionId: (await startSession(handle.db, userId)).sessionId }))
        .accessToken;
    const orgToken = await tokenOf(org.id);
    const candidateTokens = [];
    for (const s of students) candidateTokens.push(await tokenOf(s.id));
    await handle.close();

    server = spawn(process.execPath, [path.join(serverRoot, 'dist/main.js')], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: '20',
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: jwtSecret,
        ACCESS_TOKEN_TTL_SECONDS: String(BENCH_TOKEN_TTL_SECONDS),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt++) {
      if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
      if (attempt > 600) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const call = async (token: string, method: string, url: string, body?: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: token,
          [ORGANIZATION_HEADER.toLowerCase()]: String(org.id),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const json = (await response.json()) as { result?: { data?: Record<string, unknown> } };
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
      return json.result?.data ?? {};
    };

    // The round, set up as an organization does: a stage, everyone moved into it, ten panels, a day of slots.
    const pipeline = await call(orgToken, 'POST', '/api/organization/shortlisting/stages', {
      openingId: opening.id,
      name: 'Technical interview',
    });
    const stageId = (pipeline.stages as { id: string; name: string }[]).find((s) => s.name === 'Technical interview')
      ?.id as string;
    await call(orgToken, 'POST', '/api/organization/shortlisting/moves', {
      openingId: opening.id,
      toStageId: stageId,
      applicationIds: applications.map((a) => a.id),
    });
    await call(orgToken, 'PUT', '/api/organization/rounds', {
      openingId: opening.id,
      stageId,
      kind: 'interview',
      mode: 'onCampus',
      durationMinutes: 30,
      venue: 'Block A',
      bookingOpensAt: new Date(Date.now() - 3_600_000).toISOString(),
      bookingClosesAt: new Date(Date.now() + 5 * 24 * 3_600_000).toISOString(),
      rescheduleCutoffHours: 24,
      assignment: 'self',
      criteria: ['Problem solving'],
    });
    const panelIds: string[] = [];
    for (let p = 0; p < PANELS; p++) {
      const round = await call(orgToken, 'POST', '/api/organization/rounds/panels', {
        roundId: stageId,
        name: `Panel ${p + 1}`,
        panelists: [{ email: `panel${p}@bench.example`, name: `Panelist ${p}` }],
      });
      panelIds.push((round.panels as { id: string }[]).at(-1)?.id as string);
    }
    const perPanel = Math.ceil(SEATS / PANELS);
    const date = new Date(Date.now() + 3 * 24 * 3_600_000).toISOString().slice(0, 10);
    const to = `${String(9 + Math.ceil((perPanel * 30) / 60)).padStart(2, '0')}:00`;
    await call(orgToken, 'POST', '/api/organization/rounds/slots/generate', {
      roundId: stageId,
      panelIds,
      date,
      timeZone: 'Asia/Kolkata',
      from: '09:00',
      to,
      capacity: 1,
      breaks: [],
    });
    // Short-lived connections: on this shared machine a long idle one may be ended by the server (57P01).
    let db = new pg.Client({ connectionString: databaseUrl });
    db.on('error', () => {});
    await db.connect();
    const slotIds = (
      await db.query<{ id: string }>(
        `SELECT id FROM round_slots WHERE round_id = $1 ORDER BY starts_at, panel_id LIMIT ${SEATS}`,
        [stageId],
      )
    ).rows.map((row) => row.id);
    // Exactly SEATS seats: slots beyond them (a panel's day rounded up) are removed before the rush.
    await db.query('DELETE FROM round_slots WHERE round_id = $1 AND NOT (id = ANY($2::uuid[]))', [stageId, slotIds]);
    await db.end();

    // pgbench first, on the empty slots: the booking statement alone at the same concurrency (capped below
    // max_connections), each run rolled back so the rush finds every seat free.
    const maxConnections = Number((await admin('SHOW max_connections')).rows[0]?.max_connections ?? 100);
    const clients = Math.min(CANDIDATES, maxConnections - 20);
    const dir = mkdtempSync(path.join(tmpdir(), 'placely-pgbench-interviews-'));
    const slotList = `{${slotIds.join(',')}}`;
    const script = path.join(dir, 'booking.sql');
    writeFileSync(
      script,
      `\\set i random(1, ${slotIds.length})
BEGIN;
UPDATE round_slots SET seats_taken = seats_taken + 1
  WHERE id = ('${slotList}'::uuid[])[:i] AND seats_taken < capacity RETURNING id;
ROLLBACK;
`,
    );
    const { stdout } = await run(
      'pgbench',
      [
        '-n',
        '-M',
        'prepared',
        '-c',
        String(clients),
        '-j',
        '2',
        '-T',
        '10',
        '-f',
        script,
        '--log',
        `--log-prefix=${path.join(dir, 'latency')}`,
        databaseUrl,
      ],
      { maxBuffer: 10 * 1024 * 1024 },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
    const pgTimes: number[] = [];
    for (const file of readdirSync(dir).filter((name) => name.startsWith('latency'))) {
      for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (line && Number.isFinite(micros)) pgTimes.push(micros / 1000);
      }
    }
    rmSync(dir, { recursive: true, force: true });
    pgTimes.sort((a, b) => a - b);

    // The rush: every candidate at once.
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let told = 0;
    const started = performance.now();
    const outcomes = await Promise.all(
      candidateTokens.map(async (token) => {
        // As the page does: book the slot chosen; when it was just taken, reload the free slots and choose again.
        let free = slotIds;
        while (free.length > 0) {
          const slotId = free[Math.floor(Math.random() * free.length)] as string;
          const t0 = performance.now();
          const response = await fetch(`${base}/api/rounds/bookings`, {
            method: 'POST',
            headers: { authorization: token, 'content-type': 'application/json' },
            body: JSON.stringify({ roundId: stageId, slotId }),
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - t0);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.ok) return true;
          if (response.status !== 409) throw new Error(`booking answered ${response.status}`);
          const mine = await fetch(`${base}/api/rounds/mine`, { headers: { authorization: token } });
          const body = (await mine.json()) as { result: { data: { items: { openSlots: { id: string }[] }[] } } };
          free = body.result.data.items[0]?.openSlots.map((slot) => slot.id) ?? [];
        }
        told += 1;
        return false;
      }),
    );
    const rushSeconds = (performance.now() - started) / 1000;
    const booked = outcomes.filter(Boolean).length;

    db = new pg.Client({ connectionString: databaseUrl });
    db.on('error', () => {});
    await db.connect();
    const check = (
      await db.query<{ over: string; mismatched: string; live: string; per_candidate: string }>(
        `SELECT
          (SELECT count(*) FROM round_slots WHERE round_id = $1 AND seats_taken > capacity) AS over,
          (SELECT count(*) FROM round_slots s WHERE s.round_id = $1 AND s.seats_taken <>
             (SELECT count(*) FROM round_bookings b WHERE b.slot_id = s.id AND b.status = 'booked')) AS mismatched,
          (SELECT count(*) FROM round_bookings WHERE round_id = $1 AND status = 'booked') AS live,
          (SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM round_bookings
             WHERE round_id = $1 AND status = 'booked' GROUP BY application_id) x) AS per_candidate`,
        [stageId],
      )
    ).rows[0];
    await db.end();
    const overbooked = Number(check?.over) > 0 || Number(check?.mismatched) > 0 || Number(check?.live) > SEATS;
    if (overbooked || Number(check?.per_candidate) > 1 || booked !== Math.min(SEATS, CANDIDATES)) {
      throw new Error(`booking invariant broken: ${JSON.stringify({ booked, ...check })}`);
    }
    latencies.sort((a, b) => a - b);

    const ms = (value: number) => Math.round(value * 10) / 10;
    const result = {
      date: new Date().toISOString().slice(0, 16).replace('T', ' '),
      load: loadavg()
        .map((n) => n.toFixed(2))
        .join(' '),
      candidates: CANDIDATES,
      seats: SEATS,
      booked,
      toldFull: told,
      overbooked,
      requests: latencies.length,
      statuses: Object.fromEntries(statuses),
      rushSeconds: ms(rushSeconds),
      bookingMs: {
        p50: ms(percentile(latencies, 0.5)),
        p95: ms(percentile(latencies, 0.95)),
        max: ms(latencies.at(-1) ?? 0),
      },
      pgbench: {
        clients,
        tps: Math.round(tps),
        p50: ms(percentile(pgTimes, 0.5)),
        p95: ms(percentile(pgTimes, 0.95)),
      },
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
