/**
 * `npm run bench:video -w apps/server`: video tasks
 * under load, against the built server (dist/main.js) on a fresh PostgreSQL database and local-disk storage.
 *
 *   1. A candidate uploads a large answer (BENCH_VIDEO_FILE, a real video — default a 500 MB WebM made with
 *      `ffmpeg -stream_loop`) through the resumable layer (tus, 5 MB PATCH requests as a browser sends them), while
 *      the server's resident memory is sampled every 50 ms: it must stay flat (bytes stream to disk, ffprobe reads
 *      the file from disk when the upload finishes).
 *   2. BENCH_VIEWERS (default 20) concurrent viewers seek around that answer for BENCH_DURATION seconds (default 20):
 *      each request is a 1 MB range at a random offset through the signed link, as a player fetches after a seek.
 *
 *   BENCH_DATABASE_URL  admin connection (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_VIDEO_FILE    the video to upload (required; see bench/results/video.md for how it was made)
 *   BENCH_PORT          the server's port (default 3299)
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startSession } from '../src/auth/sessions';
import { createTokenService } from '../src/auth/tokens';
import { openDatabase } from '../src/db/client';
import {
  seedOpeningWithApplicants,
  seedOrganization,
  seedStudent,
  seedVideoInvitation,
  seedVideoTask,
} from '../src/seed/helpers';
import { BENCH_TOKEN_TTL_SECONDS } from './processes';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const videoFile = process.env.BENCH_VIDEO_FILE ?? '';
const viewers = Number(process.env.BENCH_VIEWERS ?? 20);
const duration = Number(process.env.BENCH_DURATION ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3299);
const CHUNK = 5 * 1024 * 1024;
const RANGE = 1024 * 1024;
const databaseName = `placely_bench_video_${Date.now()}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Samples the server's RSS while `work` runs: before, peak. */
async function withMemory<T>(pid: number, work: () => Promise<T>) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  try {
    const result = await work();
    return { result, before, peak };
  } finally {
    clearInterval(sampler);
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main() {
  if (!videoFile)
    throw new Error('Set BENCH_VIDEO_FILE to a video file (e.g. 500 MB WebM; see bench/results/video.md).');
  const size = statSync(videoFile).size;
  await admin(`CREATE DATABASE ${databaseName}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'placely-bench-video-'));
  let server: ChildProcess | undefined;
  try {
    const handle = await openDatabase({ databaseUrl, pgliteDir: undefined, poolSize: 2 });
    await handle.migrate();
    const org = await seedOrganization(handle.db, { name: 'Bench Video Org' });
    const candidate = await seedStudent(handle.db, { name: 'Bench Candidate' });
    const { opening } = await seedOpeningWithApplicants(handle.db, {
      organizationId: org.id,
      opening: { title: 'Bench video opening' },
      applicants: [{ userId: candidate.id, answers: { name: 'Bench Candidate', email: 'bench@example.com' } }],
    });
    const task = await seedVideoTask(handle.db, { openingId: opening.id, maxAnswerSeconds: 600 });
    await seedVideoInvitation(handle.db, task.id, candidate.id);
    const jwtSecret = randomBytes(32).toString('hex');
    const tokens = createTokenService(new TextEncoder().encode(jwtSecret), BENCH_TOKEN_TTL_SECONDS);
    const tokenOf = async (userId: number) =>
      (await tokens.issueAccessToken({ userId, sessionId: (await startSession(handle.db, userId)).sessionId }))
        .accessToken;
    const candidateToken = await tokenOf(candidate.id);
    const orgToken = await tokenOf(org.id);
    await handle.close();

    server = spawn(process.execPath, [path.join(serverRoot, 'dist/main.js')], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: jwtSecret,
        ACCESS_TOKEN_TTL_SECONDS: String(BENCH_TOKEN_TTL_SECONDS),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        VIDEO_MAX_BYTES: String(Math.max(size + 1024 * 1024, 1024 * 1024 * 1024)),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt++) {
      if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
      if (attempt > 600) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pid = server.pid ?? 0;

    // 1. The upload, through tus in 5 MB requests.
    const tus = { authorization: candidateToken, 'tus-resumable': '1.0.0' };
    const metadata = `filename ${Buffer.from('answer.webm').toString('base64')},purpose ${Buffer.from('video').toString('base64')}`;
    let lastPatchSeconds = 0;
    const upload = await withMemory(pid, async () => {
      const started = performance.now();
      const created = await fetch(`${base}/api/uploads`, {
        method: 'POST',
        headers: { ...tus, 'upload-length': String(size), 'upload-metadata': metadata },
      });
      if (created.status !== 201) throw new Error(`tus create: ${created.status} ${await created.text()}`);
      const location = created.headers.get('location') ?? '';
      let fileId = '';
      for (let offset = 0; offset < size; offset += CHUNK) {
        const end = Math.min(size, offset + CHUNK);
        const chunkStarted = performance.now();
        const body = createReadStream(videoFile, { start: offset, end: end - 1 });
        const patched = await fetch(`${base}${location}`, {
          method: 'PATCH',
          headers: {
            ...tus,
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
            'content-length': String(end - offset),
          },
          body: body as unknown as RequestInit['body'],
          duplex: 'half',
        } as RequestInit);
        if (patched.status !== 204)
          throw new Error(`tus patch at ${offset}: ${patched.status} ${await patched.text()}`);
        fileId = patched.headers.get('upload-file-id') ?? fileId;
        lastPatchSeconds = (performance.now() - chunkStarted) / 1000;
      }
      return { fileId, seconds: (performance.now() - started) / 1000 };
    });
    const call = async (token: string, method: string, url: string, body?: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const json = (await response.json()) as { result?: { data?: Record<string, unknown> } };
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
      return json.result?.data ?? {};
    };
    const take = await call(candidateToken, 'POST', '/api/videoTask/take', {
      taskId: task.id,
      fileId: upload.result.fileId,
      source: 'upload',
    });
    const submitted = await call(candidateToken, 'POST', '/api/videoTask/submit', { taskId: task.id });
    const view = await call(orgToken, 'GET', `/api/videoAnswer?answer=${submitted.id}`);
    const videoUrl = `${base}${view.videoUrl}`;

    // 2. Viewers seeking: 1 MB ranges at random offsets, BENCH_VIEWERS at once.
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let bytes = 0;
    const seeking = await withMemory(pid, async () => {
      const until = performance.now() + duration * 1000;
      await Promise.all(
        Array.from({ length: viewers }, async () => {
          while (performance.now() < until) {
            const start = Math.floor(Math.random() * (size - RANGE));
            const began = performance.now();
            const response = await fetch(videoUrl, { headers: { range: `bytes=${start}-${start + RANGE - 1}` } });
            bytes += (await response.arrayBuffer()).byteLength;
            latencies.push(performance.now() - began);
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          }
        }),
      );
    });
    latencies.sort((a, b) => a - b);

    // ffprobe's packet scan (what a WebM without a duration in its header — MediaRecorder's — costs) on the same file.
    const scanStarted = performance.now();
    execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'packet=pts_time,duration_time', '-of', 'json', videoFile],
      {
        maxBuffer: 512 * 1024 * 1024,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const scanSeconds = (performance.now() - scanStarted) / 1000;

    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: serverRoot }).toString().trim();
    const load = loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
    const mb = size / 1024 / 1024;
    const requests = latencies.length;
    const text = `# Video tasks bench

${new Date().toISOString()} — commit ${commit}, Node ${process.version}, PostgreSQL at ${new URL(adminUrl).host}, local-disk
storage, server LOG_LEVEL=warn, load average ${load} at the end. **The machine (2 cores) is shared with several
other helpers' builds and tests while this ran: the figures are what this load allowed, not the server's best.**

Run: \`BENCH_VIDEO_FILE=<file> npm run bench:video -w apps/server\` (bench/video.ts; the server is dist/main.js).

The file: a real WebM (VP8 + Opus, 640×360) of ${mb.toFixed(0)} MB, ${Number(take.take && (take.take as { durationSeconds: number }).durationSeconds).toFixed(0)} s as
ffprobe read it — 10 s of random-noise video at 40 Mbit/s (\`ffmpeg -f lavfi -i "nullsrc=s=640x360:r=25,geq=random(1)*255:128:128"
-f lavfi -i sine -t 10 -c:v libvpx -b:v 40M -c:a libopus\`), then \`ffmpeg -stream_loop 11 -c copy\` to reach the size.

## Upload of a ${mb.toFixed(0)} MB answer through the resumable layer (tus, ${CHUNK / 1024 / 1024} MB PATCH requests)

| figure | value |
| --- | ---: |
| upload time (create + every PATCH, the last one includes ffprobe reading the file) | ${upload.result.seconds.toFixed(1)} s (${(mb / upload.result.seconds).toFixed(1)} MB/s) |
| last PATCH (its bytes + ffprobe on the finished file) | ${lastPatchSeconds.toFixed(2)} s |
| server RSS before → peak during the upload | ${upload.before.toFixed(0)} → ${upload.peak.toFixed(0)} MB (+${(upload.peak - upload.before).toFixed(0)} MB for ${mb.toFixed(0)} MB sent) |
| ffprobe packet scan of the same file (the path for MediaRecorder WebM, which has no duration in its header) | ${scanSeconds.toFixed(1)} s |

## ${viewers} concurrent viewers seeking in the same answer (${duration} s, 1 MB range requests at random offsets)

| figure | value |
| --- | ---: |
| range requests | ${requests} (${(requests / duration).toFixed(0)}/s), statuses ${[...statuses].map(([status, count]) => `${status}×${count}`).join(' ')} |
| latency per 1 MB range p50 / p95 / p99 / max | ${percentile(latencies, 0.5).toFixed(0)} / ${percentile(latencies, 0.95).toFixed(0)} / ${percentile(latencies, 0.99).toFixed(0)} / ${(latencies.at(-1) ?? 0).toFixed(0)} ms |
| throughput | ${(bytes / 1024 / 1024 / duration).toFixed(0)} MB/s |
| server RSS before → peak while seeking | ${seeking.before.toFixed(0)} → ${seeking.peak.toFixed(0)} MB |
`;
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, 'results', 'video.md'), text);
    console.log(text);
  } finally {
    server?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    rmSync(dataDir, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => {});
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
