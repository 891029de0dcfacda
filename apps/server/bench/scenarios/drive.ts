/**
 * A placement drive as it really loads the server: the form's link is posted to a batch's group, and 5 000 distinct
 * students (BENCH_DRIVE_STUDENTS) submit to one opening within a minute (BENCH_DRIVE_SECONDS, default 60: a harder
 * arrival rate than "within a few minutes") while five members of the organization work its responses — one pages
 * through them, one filters them, one sorts them by score, one by name, one reads the ranking — and a sixth
 * exports them over and over. Afterwards the opening's applications are counted in the database (none lost, none
 * duplicated), and each path's throughput and p95 during the burst are set beside its solo run in the same bench:
 * each member path alone on the drive's opening once the burst is over (it then holds every application), the
 * export alone the same way, and the submits alone at the same arrival rate to an empty opening of their own.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { ORGANIZATION_HEADER, type Recipe } from '@placely/contract';
import autocannon from 'autocannon';
import type { DriveOutcome } from '../goals';
import type { BenchContext } from '../scenario';
import { createOpening, prepareOpenings, state } from './applications';

const STUDENTS = Number(process.env.BENCH_DRIVE_STUDENTS ?? 5_000);
const SECONDS = Number(process.env.BENCH_DRIVE_SECONDS ?? 60);
/** The submit load's connections: enough that the arrival rate holds while each submit waits on the database. */
const SUBMIT_CONNECTIONS = 50;
/** Each member path's solo run, s. */
const SOLO_SECONDS = Number(process.env.BENCH_DURATION ?? 10);

const RECIPE: Recipe = {
  criteria: [
    { kind: 'numberAnswer', fieldId: 'cgpa', weight: 2, better: 'higher' },
    { kind: 'choiceAnswer', fieldId: 'track', weight: 1, values: { be: 100, fe: 60 } },
  ],
  knockouts: [],
};

const drive = {
  opening: '',
  soloOpening: '',
  students: [] as number[],
  studentTokens: [] as string[],
  /** The owner (user 10) and four coordinators: [userId, token, acts-for header]. */
  members: [] as { userId: number; token: string; header: Record<string, string> }[],
};

export const DRIVE_NAME = `drive: ${STUDENTS} students submit to one opening in ${SECONDS} s while five members work its responses and one exports`;

export async function prepareDrive(context: BenchContext): Promise<void> {
  const { db } = context;
  await prepareOpenings(db);
  drive.opening = await createOpening(db, 'Drive bench');
  drive.soloOpening = await createOpening(db, 'Drive bench (submits alone)');
  for (const opening of [drive.opening, drive.soloOpening]) {
    await db.query('INSERT INTO ranking_recipes (opening_id, recipe) VALUES ($1, $2)', [
      opening,
      JSON.stringify(RECIPE),
    ]);
  }
  // Students who apply to nothing else in the bench: below the submit scenario's 30 000 highest ids.
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM users WHERE account_type = 'Individual' ORDER BY id DESC OFFSET 30000 LIMIT $1`,
    [STUDENTS * 2],
  );
  if (rows.length < STUDENTS * 2)
    throw new Error(`the drive needs ${STUDENTS * 2 + 30_000} individuals: raise BENCH_USERS`);
  drive.students = rows.map((row) => Number(row.id));
  drive.studentTokens = await context.mintTokens(drive.students);
  // Four coordinators beside the owner, each able to see contacts and every opening.
  const coordinators = await db.query<{ id: string }>(
    `SELECT id FROM users WHERE account_type = 'Individual' ORDER BY id LIMIT 4`,
  );
  const coordinatorIds = coordinators.rows.map((row) => Number(row.id));
  await db.query(
    `INSERT INTO organization_members (organization_id, user_id, email, role, all_openings, can_view_contacts, claimed_at)
     SELECT $1::bigint, u.id, lower(u.email), 'coordinator', true, true, now() FROM users u WHERE u.id = ANY($2::bigint[])
     ON CONFLICT DO NOTHING`,
    [state.organizationId, coordinatorIds],
  );
  const ids = [state.organizationId, ...coordinatorIds];
  const tokens = await context.mintTokens(ids);
  drive.members = ids.map((userId, index) => ({
    userId,
    token: tokens[index] as string,
    header: (userId === state.organizationId ? {} : { [ORGANIZATION_HEADER]: String(state.organizationId) }) as Record<
      string,
      string
    >,
  }));
}

interface Measured {
  requests: number;
  seconds: number;
  p95: number;
  non2xx: number;
  errors: number;
}

/** Runs autocannon, collecting every response time for an exact p95; `stop` ends an open-ended run. */
function cannon(options: autocannon.Options): { done: Promise<Measured>; stop(): void } {
  const times: number[] = [];
  let instance: autocannon.Instance | undefined;
  const done = new Promise<Measured>((resolve, reject) => {
    const started = autocannon(options, (error, result) => {
      if (error) return reject(error);
      times.sort((a, b) => a - b);
      resolve({
        requests: result.requests.total,
        seconds: result.duration,
        p95: times[Math.max(0, Math.ceil(times.length * 0.95) - 1)] ?? Number.NaN,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      });
    });
    started.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
    instance = started;
  });
  return { done, stop: () => instance?.stop() };
}

/** The submits of `students` (from `offset`) to `opening`, at the drive's arrival rate. */
function submits(baseUrl: string, opening: string, offset: number, amount: number) {
  let next = 0;
  return cannon({
    url: baseUrl,
    connections: SUBMIT_CONNECTIONS,
    overallRate: Math.ceil(STUDENTS / SECONDS),
    amount,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const index = offset + next++;
          const userId = drive.students[index] as number;
          return {
            ...request,
            path: '/api/placements/campus/apply',
            headers: {
              ...request.headers,
              authorization: drive.studentTokens[index] as string,
              'content-type': 'application/json',
            },
            body: JSON.stringify({
              openingId: opening,
              idempotencyKey: `drive-${randomUUID()}`,
              answers: {
                name: `Drive Student ${userId}`,
                email: `user${userId}@bench.placely.test`,
                cgpa: 6 + (userId % 40) / 10,
                track: { optionId: userId % 2 === 0 ? 'be' : 'fe' },
                why: 'I enjoy building reliable systems.',
                jobs: [{ company: 'Initech', months: 6 }],
              },
            }),
          };
        },
      },
    ],
  });
}

const responses = (query: string) => `/api/organization/openings/id/applications?id=${drive.opening}${query}`;

/** The five members' paths: each one member, one connection, requests one after another (a person at a table). */
const memberPaths = (): { name: string; requests: autocannon.Request[] }[] => [
  {
    name: 'member pages the responses (first page, then the next by its cursor)',
    requests: [
      {
        method: 'GET',
        path: responses(''),
        onResponse: (_status, body, context) => {
          (context as { cursor?: string | null }).cursor = (
            JSON.parse(body) as { result: { data: { nextCursor: string | null } } }
          ).result.data.nextCursor;
        },
      },
      {
        method: 'GET',
        setupRequest: (request, context) => {
          const { cursor } = context as { cursor?: string | null };
          return { ...request, path: responses(cursor ? `&cursor=${encodeURIComponent(cursor)}` : '') };
        },
      },
    ],
  },
  {
    name: 'member filters the responses (answers: track = Backend)',
    requests: [{ method: 'GET', path: responses(`&answers=${encodeURIComponent('track=be')}`) }],
  },
  {
    name: 'member sorts the responses by score (order=scoreDesc)',
    requests: [{ method: 'GET', path: responses('&order=scoreDesc') }],
  },
  {
    name: 'member sorts the responses by name (order=nameAsc)',
    requests: [{ method: 'GET', path: responses('&order=nameAsc') }],
  },
  {
    name: 'member reads the ranking (first page)',
    requests: [{ method: 'GET', path: `/api/organization/shortlisting/candidate/ranking?openingId=${drive.opening}` }],
  },
];

function memberLoad(baseUrl: string, index: number, seconds?: number) {
  const member = drive.members[index % drive.members.length];
  const path = memberPaths()[index];
  if (!member || !path) throw new Error(`no member path ${index}`);
  return cannon({
    url: baseUrl,
    connections: 1,
    // Open-ended during the burst (stopped when the submits end); timed when solo.
    duration: seconds ?? 3600,
    timeout: 30,
    headers: { authorization: member.token, ...member.header },
    requests: path.requests,
  });
}

/** One export of the drive's opening, timed; its bytes counted as lightly as psql would write them. */
function exportOnce(baseUrl: string): Promise<{ ms: number; ok: boolean }> {
  const member = drive.members[0];
  const started = performance.now();
  return new Promise((resolve) => {
    http
      .get(
        `${baseUrl}/api/organization/openings/id/applications/export?id=${drive.opening}&format=csv`,
        { headers: { authorization: member?.token ?? '' } },
        (response) => {
          response.on('data', () => {});
          response.once('end', () => resolve({ ms: performance.now() - started, ok: response.statusCode === 200 }));
          response.once('error', () => resolve({ ms: performance.now() - started, ok: false }));
        },
      )
      .once('error', () => resolve({ ms: performance.now() - started, ok: false }));
  });
}

/** Exports one after another until `until` resolves (or `count` are done): each one's time, and the failures. */
async function exportLoop(baseUrl: string, until: Promise<unknown> | null, count = Number.POSITIVE_INFINITY) {
  let finished = false;
  void until?.then(() => {
    finished = true;
  });
  const times: number[] = [];
  let failed = 0;
  const started = performance.now();
  while (!finished && times.length + failed < count) {
    const { ms, ok } = await exportOnce(baseUrl);
    if (ok) times.push(ms);
    else failed += 1;
  }
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    seconds: (performance.now() - started) / 1000,
    p95: times[Math.max(0, Math.ceil(times.length * 0.95) - 1)] ?? Number.NaN,
    non2xx: failed,
    errors: 0,
  } satisfies Measured;
}

export interface DrivePathRow {
  path: string;
  soloRps: number;
  soloP95: number;
  burstRps: number;
  burstP95: number;
  throughputRatio: number;
  p95Ratio: number;
  burstErrors: number;
}

export interface DriveResult {
  name: string;
  seconds: number;
  submitted: number;
  stored: number;
  distinctApplicants: number;
  outcome: DriveOutcome;
  paths: DrivePathRow[];
  /** pg_stat_activity during the burst: the most sessions seen waiting on a lock, and what they waited on. */
  lockWaits: { most: number; events: Record<string, number> };
}

export async function runDrive(
  context: BenchContext,
  sampleActivity: () => Promise<{ waiting: number; events: string[] }>,
): Promise<DriveResult> {
  const { baseUrl, db } = context;
  const memberCount = memberPaths().length;
  // Solo submits first, on their own empty opening, at the same arrival rate, as many as the solo runs' seconds take.
  const soloSubmits = await submits(
    baseUrl,
    drive.soloOpening,
    STUDENTS,
    Math.min(STUDENTS, Math.ceil((STUDENTS / SECONDS) * SOLO_SECONDS)),
  ).done;
  console.log(
    `drive: submits alone ${(soloSubmits.requests / soloSubmits.seconds).toFixed(0)}/s, p95 ${soloSubmits.p95} ms`,
  );

  // The burst.
  const lockWaits = { most: 0, events: {} as Record<string, number> };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const sample = await sampleActivity().catch(() => ({ waiting: 0, events: [] }));
      lockWaits.most = Math.max(lockWaits.most, sample.waiting);
      for (const event of sample.events) lockWaits.events[event] = (lockWaits.events[event] ?? 0) + 1;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const started = performance.now();
  const burstSubmits = submits(baseUrl, drive.opening, 0, STUDENTS);
  const members = Array.from({ length: memberCount }, (_, index) => memberLoad(baseUrl, index));
  const exporter = exportLoop(baseUrl, burstSubmits.done);
  const submitted = await burstSubmits.done;
  for (const member of members) member.stop();
  const burstMembers = await Promise.all(members.map((member) => member.done));
  const burstExports = await exporter;
  sampling = false;
  await sampler;
  const seconds = (performance.now() - started) / 1000;
  console.log(`drive: the burst took ${seconds.toFixed(1)} s`);

  const { rows } = await db.query<{ n: string; distinct_applicants: string }>(
    `SELECT count(*) AS n, count(DISTINCT applicant_id) AS distinct_applicants FROM applications WHERE opening_id = $1`,
    [drive.opening],
  );
  const stored = Number(rows[0]?.n ?? 0);
  const distinctApplicants = Number(rows[0]?.distinct_applicants ?? 0);

  // Each member path alone on the filled opening, then the export alone.
  const soloMembers: Measured[] = [];
  for (let index = 0; index < memberCount; index++)
    soloMembers.push(await memberLoad(baseUrl, index, SOLO_SECONDS).done);
  const soloExports = await exportLoop(baseUrl, null, Math.max(3, burstExports.requests));

  const rps = (m: Measured) => m.requests / m.seconds;
  const pathRow = (path: string, solo: Measured, burst: Measured): DrivePathRow => ({
    path,
    soloRps: rps(solo),
    soloP95: solo.p95,
    burstRps: rps(burst),
    burstP95: burst.p95,
    throughputRatio: rps(burst) / rps(solo),
    p95Ratio: burst.p95 / solo.p95,
    burstErrors: burst.non2xx + burst.errors,
  });
  const paths = [
    pathRow(`students submit (${Math.ceil(STUDENTS / SECONDS)}/s offered)`, soloSubmits, submitted),
    ...memberPaths().map((path, index) =>
      pathRow(path.name, soloMembers[index] as Measured, burstMembers[index] as Measured),
    ),
    pathRow('member exports the responses as CSV, one after another', soloExports, burstExports),
  ];
  const errors = paths.reduce((sum, path) => sum + path.burstErrors, 0);
  const answered = submitted.requests - submitted.non2xx - submitted.errors;
  return {
    name: DRIVE_NAME,
    seconds,
    submitted: answered,
    stored,
    distinctApplicants,
    outcome: {
      errors,
      lost: Math.max(0, STUDENTS - distinctApplicants),
      duplicated: stored - distinctApplicants,
      paths: paths.map((path) => ({ name: path.path, throughputRatio: path.throughputRatio, p95Ratio: path.p95Ratio })),
    },
    paths,
    lockWaits,
  };
}

export function driveTable(result: DriveResult): string {
  return (
    `${result.name}: the burst took ${result.seconds.toFixed(1)} s; ${result.submitted} submits answered 2xx, ` +
    `${result.stored} applications stored for ${result.distinctApplicants} distinct students ` +
    `(lost ${result.outcome.lost}, duplicated ${result.outcome.duplicated}); errors ${result.outcome.errors}; ` +
    `most sessions waiting on a lock at once ${result.lockWaits.most}` +
    `${
      Object.keys(result.lockWaits.events).length
        ? ` (${Object.entries(result.lockWaits.events)
            .map(([event, n]) => `${event} ×${n}`)
            .join(', ')})`
        : ''
    }.\n\n` +
    '| path | solo req/s | solo p95 ms | burst req/s | burst p95 ms | burst ÷ solo throughput | burst ÷ solo p95 | burst errors |\n' +
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n' +
    result.paths
      .map(
        (path) =>
          `| ${path.path} | ${path.soloRps.toFixed(1)} | ${Math.round(path.soloP95)} | ${path.burstRps.toFixed(1)} | ${Math.round(path.burstP95)} | ` +
          `${path.throughputRatio.toFixed(2)} | ${path.p95Ratio.toFixed(2)} | ${path.burstErrors} |`,
      )
      .join('\n')
  );
}
