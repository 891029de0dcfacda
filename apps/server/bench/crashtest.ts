/**
 * Crash safety (`npm run crashtest`, not part of CI): applies under load to one opening on a fresh PostgreSQL
 * database, kills the server with SIGKILL mid-load, restarts it and retries every unacknowledged request with the same
 * idempotency key — three rounds — then checks that every acknowledged application is stored exactly once.
 *
 * Each kill lands while requests are in flight: a round's kill waits until a share of its queue is acknowledged
 * (CRASH_KILL_AT) and then fires at once, with CRASH_CONCURRENCY requests still open. A timer would not do: on a fast
 * machine a round's requests can all finish before it fires, and the run proves nothing about a crash mid-write. The
 * requests open at each kill are counted, and a round whose kill found none fails the run.
 *
 *   CRASH_DATABASE_URL  admin connection (default postgres://postgres@127.0.0.1:5432/postgres); a database is created
 *                       for the run and dropped afterwards
 *   CRASH_APPLICANTS    applicants (default 900)        CRASH_CONCURRENCY  requests in flight (default 32)
 *   CRASH_PORT          server port (default 3402)      CRASH_KILL_AT  share of a round's queue acknowledged before
 *                                                                      its kill (default 0.5)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startSession } from '../src/auth/sessions';
import { createTokenService } from '../src/auth/tokens';
import { openDatabase } from '../src/db/client';
import { seedEmail, seedOpeningWithApplicants, seedOrganization, seedStudent } from '../src/seed/helpers';

const adminUrl = process.env.CRASH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const APPLICANTS = Number(process.env.CRASH_APPLICANTS ?? 900);
const CONCURRENCY = Number(process.env.CRASH_CONCURRENCY ?? 32);
const PORT = Number(process.env.CRASH_PORT ?? 3402);
const KILL_AT = Number(process.env.CRASH_KILL_AT ?? 0.5);
/** Long enough for the whole run: the server started here accepts access tokens of this lifetime. */
const TOKEN_TTL_SECONDS = 3600;
const ROUNDS = 3;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = `http://127.0.0.1:${PORT}`;

interface Applicant {
  userId: number;
  token: string;
  key: string;
  /** The application id the server acknowledged, once it has. */
  acked?: string;
  attempts: number;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function main() {
  const run = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const database = `placely_crash_${run}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'placely-crash-'));
  const secret = randomBytes(32).toString('hex');
  let server: ChildProcess | undefined;
  try {
    // Seed with the shared helpers: one organization, one open opening, many applicants with live sessions.
    const handle = await openDatabase({ databaseUrl: url.href, pgliteDir: undefined, poolSize: 4 });
    await handle.migrate();
    const db = handle.db;
    const organization = await seedOrganization(db, { name: 'Crash Test Org', email: seedEmail(`crash-org-${run}`) });
    const { opening } = await seedOpeningWithApplicants(db, {
      organizationId: organization.id,
      opening: { title: 'Crash test opening', openingsCount: null },
    });
    const tokens = createTokenService(new TextEncoder().encode(secret), TOKEN_TTL_SECONDS);
    const applicants: Applicant[] = [];
    for (let i = 0; i < APPLICANTS; i++) {
      const user = await seedStudent(db, { name: `Crash Applicant ${i}`, email: seedEmail(`crash-${run}-${i}`) });
      const session = await startSession(db, user.id);
      const { accessToken } = await tokens.issueAccessToken({ userId: user.id, sessionId: session.sessionId });
      applicants.push({ userId: user.id, token: accessToken, key: `crash-${run}-${i}`, attempts: 0 });
    }
    await handle.close();
    console.log(`Seeded ${APPLICANTS} applicants for opening ${opening.id} in ${database}.`);

    const env = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: url.href,
      DATABASE_POOL_SIZE: '10',
      JWT_SECRET: secret,
      ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
    };
    const start = async () => {
      // node itself runs the server (tsx as a loader, not a wrapper process), so SIGKILL reaches the server.
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      for (let waited = 0; waited < 60_000; waited += 200) {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
        try {
          if ((await fetch(`${baseUrl}/api/health`)).ok) return child;
        } catch {
          /* not up yet */
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      child.kill('SIGKILL');
      throw new Error('the server did not start within 60 s');
    };

    /** Requests sent and not yet answered (or failed): what a kill cuts off. */
    let inFlight = 0;
    const apply = async (applicant: Applicant): Promise<'acked' | 'lost' | number> => {
      applicant.attempts++;
      inFlight++;
      try {
        const response = await fetch(`${baseUrl}/api/placements/campus/apply`, {
          method: 'POST',
          headers: { authorization: applicant.token, 'content-type': 'application/json' },
          body: JSON.stringify({
            openingId: opening.id,
            idempotencyKey: applicant.key,
            answers: { name: `Crash Applicant ${applicant.userId}`, email: `crash${applicant.userId}@example.com` },
          }),
        });
        const body = (await response.json()) as { result?: { data?: { id?: string } } };
        if (response.status !== 200) return response.status;
        const id = body.result?.data?.id;
        if (applicant.acked && applicant.acked !== id)
          throw new Error(`replay answered ${id}, first ${applicant.acked}`);
        applicant.acked = id;
        return 'acked';
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('replay')) throw error;
        return 'lost';
      } finally {
        inFlight--;
      }
    };

    /**
     * Sends to everyone not yet acknowledged, `CONCURRENCY` at a time, until the queue is empty or `stop()` says so;
     * `onAck` hears each acknowledgement (the round's kill decides there).
     */
    const load = async (queue: Applicant[], stop: () => boolean, onAck: (acked: number) => void = () => {}) => {
      const tally = { sent: 0, acked: 0, lost: 0, refused: new Map<number, number>() };
      let next = 0;
      const worker = async () => {
        while (next < queue.length && !stop()) {
          const applicant = queue[next++] as Applicant;
          tally.sent++;
          const outcome = await apply(applicant);
          if (outcome === 'acked') onAck(++tally.acked);
          else if (outcome === 'lost') tally.lost++;
          else tally.refused.set(outcome, (tally.refused.get(outcome) ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      return tally;
    };

    const perRound = Math.ceil(APPLICANTS / ROUNDS);
    const inFlightAtKills: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      server = await start();
      const unacked = applicants.filter((a) => a.attempts > 0 && !a.acked);
      const fresh = applicants.filter((a) => a.attempts === 0).slice(0, perRound);
      const queue = [...unacked, ...fresh];
      let killed = false;
      let openAtKill = 0;
      const victim = server;
      // The kill fires from an acknowledgement once enough of the round is in, so other requests are still open.
      const killAt = Math.max(1, Math.floor(queue.length * KILL_AT));
      const began = Date.now();
      let killedAfterMs = 0;
      const tally = await load(
        queue,
        () => killed,
        (acked) => {
          if (killed || acked < killAt) return;
          killed = true;
          openAtKill = inFlight;
          killedAfterMs = Date.now() - began;
          victim.kill('SIGKILL');
        },
      );
      if (!killed) victim.kill('SIGKILL');
      await exited(victim);
      inFlightAtKills.push(killed ? openAtKill : 0);
      const counter = new pg.Client({ connectionString: url.href });
      await counter.connect();
      const stored = Number(
        (await counter.query('SELECT count(*) AS n FROM applications WHERE opening_id = $1', [opening.id])).rows[0].n,
      );
      await counter.end();
      const ackedSoFar = applicants.filter((a) => a.acked).length;
      console.log(
        `Round ${round}: ${unacked.length} retries + ${fresh.length} new; sent ${tally.sent}, acknowledged ${tally.acked}, ` +
          `lost in the crash ${tally.lost} (of which committed before the kill ${stored - ackedSoFar}), refused ${JSON.stringify(Object.fromEntries(tally.refused))}; ` +
          (killed
            ? `SIGKILL after ${killedAfterMs} ms with ${openAtKill} requests in flight`
            : 'no kill: the round ended first (raise CRASH_APPLICANTS)'),
      );
    }

    // Recovery: one more start, every unacknowledged request retried with its key until answered.
    server = await start();
    let pending = applicants.filter((a) => !a.acked);
    const recovered = pending.length;
    for (let pass = 0; pending.length > 0 && pass < 5; pass++) {
      await load(pending, () => false);
      pending = applicants.filter((a) => !a.acked);
    }
    server.kill('SIGTERM');
    await exited(server);
    server = undefined;

    const check = new pg.Client({ connectionString: url.href });
    await check.connect();
    const { rows } = await check.query<{ stored: string; people: string; keys: string }>(
      `SELECT count(*) AS stored, count(DISTINCT applicant_id) AS people, count(DISTINCT idempotency_key) AS keys
       FROM applications WHERE opening_id = $1`,
      [opening.id],
    );
    const storedIds = new Set(
      (await check.query<{ id: string }>('SELECT id FROM applications WHERE opening_id = $1', [opening.id])).rows.map(
        (r) => r.id,
      ),
    );
    await check.end();
    const acked = applicants.filter((a) => a.acked);
    const lostAcked = acked.filter((a) => !storedIds.has(a.acked as string)).length;
    const stored = Number(rows[0]?.stored);
    const duplicates = stored - Number(rows[0]?.people);
    const retries = applicants.reduce((sum, a) => sum + Math.max(0, a.attempts - 1), 0);
    console.log('');
    console.log(`Applicants                     ${APPLICANTS}`);
    console.log(`Rounds with SIGKILL            ${ROUNDS}`);
    console.log(`In flight at each kill         ${inFlightAtKills.join(', ')}`);
    console.log(`Sent after the last restart    ${recovered} (lost in a crash or not yet sent)`);
    console.log(`Retries with the same key      ${retries}`);
    console.log(`Acknowledged                   ${acked.length}`);
    console.log(`Stored                         ${stored}`);
    console.log(`Duplicates                     ${duplicates}`);
    console.log(`Acknowledged but not stored    ${lostAcked}`);
    console.log(`Never acknowledged             ${APPLICANTS - acked.length}`);
    // A kill that found nothing in flight tested a restart, not a crash mid-write: the run proves nothing then.
    const killedMidLoad = inFlightAtKills.length === ROUNDS && inFlightAtKills.every((open) => open > 0);
    const healthy = acked.length === APPLICANTS && stored === APPLICANTS && duplicates === 0 && lostAcked === 0;
    if (!killedMidLoad) console.log('\nFAILED: a kill found no request in flight (see the rounds above).');
    console.log(healthy ? '\nOK: every application stored exactly once.' : '\nFAILED: see the figures above.');
    process.exitCode = healthy && killedMidLoad ? 0 : 1;
  } finally {
    server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await dropper.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
