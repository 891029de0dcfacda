// `npm run perf`: builds (when stale), seeds a fresh database, starts the server on its own port and runs the
// offline Lighthouse tool (../shared/tools/lighthouse, or LIGHTHOUSE_DIR) on the public pages: median of
// PERF_RUNS (default 5) mobile runs each, one table at the end; then "time to apply" (scripts/time-to-apply.mjs):
// returning signed-in students open a form link under slow 4G and a 4× CPU slowdown and send, median of
// PERF_APPLY_RUNS (default 3), its table beside Lighthouse's. Without the Lighthouse tool, only time to apply runs.
//   PERF_PORT (default 3405)   PERF_RUNS (default 5)   PERF_DESKTOP=1 (desktop preset)   PERF_JSON=file (raw results)
//   PERF_ONLY=regex (pages whose label matches)   PERF_BUILD=<dir> (measure the build of another checkout, e.g. an
//   earlier commit extracted with `git archive` and built, for a before/after table; nothing is built then)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale, npx, root } from './lib.mjs';
import { timeToApply, timeToApplyTable } from './time-to-apply.mjs';

const port = Number(process.env.PERF_PORT ?? 3405);
const runs = Number(process.env.PERF_RUNS ?? 5);
const toolDir = path.resolve(process.env.LIGHTHOUSE_DIR ?? path.join(root, '../shared/tools/lighthouse'));
const applyRuns = Number(process.env.PERF_APPLY_RUNS ?? 3);
const measure = path.join(toolDir, 'measure.mjs');
const lighthouseMissing = !existsSync(measure)
  ? `The Lighthouse tool is missing at ${toolDir} (set LIGHTHOUSE_DIR).`
  : !existsSync(path.join(toolDir, 'node_modules'))
    ? `Run \`npm ci\` in ${toolDir} first.`
    : null;
if (lighthouseMissing) console.error(`${lighthouseMissing} Only time to apply is measured.`);

const otherBuild = process.env.PERF_BUILD ? path.resolve(process.env.PERF_BUILD) : null;
if (!otherBuild) {
  const built = await buildIfStale();
  if (built !== 0) process.exit(built);
}
const serverMain = path.join(otherBuild ?? root, 'apps/server/dist/main.js');

const dataDir = mkdtempSync(path.join(tmpdir(), 'placely-perf-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development', LOG_LEVEL: 'warn' };
env.PORT = String(port);
env.PUBLIC_URL = `http://127.0.0.1:${port}`;
if (otherBuild) env.WEB_DIST_DIR = path.join(otherBuild, 'apps/web/dist');

function capture(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], ...options });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`)),
    );
  });
}

let server;
const stop = () => {
  if (server && server.exitCode === null) server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

try {
  const seeded = await capture(npx, ['tsx', 'apps/server/bench/perf-seed.ts'], { env });
  const ids = JSON.parse(seeded.trim().split('\n').at(-1));
  server = spawn(process.execPath, [serverMain], { cwd: root, env, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${base}/api/health`)).status < 500) break;
    } catch {}
    if (tries > 120) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const tables = [];
  if (!lighthouseMissing) tables.push(await lighthouse(base, ids));
  if (applyRuns > 0) {
    const applied = await timeToApply({
      base,
      runs: applyRuns,
      students: ids.returningStudents,
      oneClickOpeningId: ids.oneClickOpeningId,
      tenQuestionOpeningId: ids.tenQuestionOpeningId,
    });
    tables.push(timeToApplyTable(applied, applyRuns));
  }
  console.log(tables.join('\n\n'));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
// The server child would keep this process alive: stop it (the exit handler also removes the data directory).
process.exit();

/** Lighthouse on the public pages (signed out): its table; a failed run sets the exit code. */
async function lighthouse(base, ids) {
  const only = process.env.PERF_ONLY ? new RegExp(process.env.PERF_ONLY) : null;
  const pages = [
    ['/forms/{openingId}', `/forms/${ids.openingId}`],
    ['/viewer/{portfolioId}', `/viewer/${ids.portfolioId}`],
    ['/joinGroupLink/{groupId}', `/joinGroupLink/${ids.groupId}`],
    ['/joinVerificationLink/{id}', `/joinVerificationLink/${ids.verificationGroupId}`],
    ['/', '/'],
  ].filter(([label]) => !only || only.test(label));
  const args = [measure, '--runs', String(runs)];
  if (process.env.PERF_DESKTOP) args.push('--desktop');
  const jsonFile = process.env.PERF_JSON ?? path.join(dataDir, 'perf.json');
  args.push('--json', jsonFile, ...pages.map(([, p]) => `${base}${p}`));
  const status = await new Promise((resolve) => {
    // The tool's own lines (one per page) go to stderr as progress; stdout gets the table only.
    const child = spawn(process.execPath, args, { cwd: toolDir, stdio: ['ignore', process.stderr, 'inherit'] });
    child.on('exit', (code) => resolve(code ?? 1));
  });
  const { results } = JSON.parse(readFileSync(jsonFile, 'utf8'));
  const preset = process.env.PERF_DESKTOP ? 'desktop' : 'mobile';
  const rows = [
    `Lighthouse ${preset}, median of ${runs} (signed out)`,
    '',
    '| Page | Perf | A11y | BP | SEO | LCP | TBT | CLS | FCP | JS gzip | axe |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const n = (value, digits = 0) => (typeof value === 'number' ? value.toFixed(digits) : 'NA');
  for (const [label, p] of pages) {
    const result = results.find((entry) => entry.url === `${base}${p}`);
    const m = result?.median;
    if (!m) {
      rows.push(`| ${label} | error: ${String(result?.error ?? 'no result').slice(0, 80)} |`);
      continue;
    }
    const axe = m.axe ? Object.values(m.axe.counts).reduce((sum, count) => sum + count, 0) : 'error';
    rows.push(
      `| ${label} | ${n(m.perf)} | ${n(m.a11y)} | ${n(m.bp)} | ${n(m.seo)} | ${n(m.lcp / 1000, 2)} s | ${n(m.tbt)} ms | ${n(m.cls, 3)} | ${n(m.fcp / 1000, 2)} s | ${n(m.jsGzipKB, 1)} KB | ${axe} |`,
    );
  }
  process.exitCode = status;
  return rows.join('\n');
}
