/**
 * Which statements can no index serve? Runs the server's tests on a local PostgreSQL with sequential scans priced
 * out (`enable_seqscan = off`) and every plan logged (`auto_explain`, JSON), then lists the statements whose plans
 * still read a table of the `public` schema by a sequential scan. With scans priced out the planner keeps one only
 * where no index can serve the statement, whatever the tables' sizes: the list is of missing indexes (and of
 * statements that read a whole table on purpose). hot-paths.md, 2026-11-28 10:36, has the first run.
 *
 *   npx tsx bench/scan-audit.ts [vitest arguments…]        (from apps/server)
 *
 *   SCAN_AUDIT_DATABASE_URL  a superuser connection to the server (default postgres://postgres@127.0.0.1:5432/test);
 *                            the tests run on it as TEST_DATABASE_URL
 *   SCAN_AUDIT_LOG           the server's log file (default /var/log/postgresql/postgresql-15-main.log)
 *
 * It changes the server's configuration with ALTER SYSTEM for the run and resets those settings afterwards, so it
 * is for a development machine's PostgreSQL, never a shared one.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import pg from 'pg';

const url = process.env.SCAN_AUDIT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const logFile = process.env.SCAN_AUDIT_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const settings: [string, string][] = [
  ['session_preload_libraries', 'auto_explain'],
  ['enable_seqscan', 'off'],
  ['auto_explain.log_min_duration', '0'],
  ['auto_explain.log_nested_statements', 'on'],
  ['auto_explain.log_format', 'json'],
  // For each scanned table's schema.
  ['auto_explain.log_verbose', 'on'],
];

async function configure(apply: boolean): Promise<void> {
  // auto_explain's settings exist only in sessions that loaded it: set the library first, then reconnect.
  for (const group of [settings.slice(0, 2), settings.slice(2)]) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const [name, value] of group) {
        await client.query(apply ? `alter system set ${name} = '${value}'` : `alter system reset ${name}`);
      }
      await client.query('select pg_reload_conf()');
    } finally {
      await client.end();
    }
  }
}

function runTests(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...args], {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: url },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function readFrom(file: string, offset: number): string {
  const size = statSync(file).size;
  const buffer = Buffer.alloc(Math.max(0, size - offset));
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Schema?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

/** The plans auto_explain wrote: a "plan:" line, then the JSON, each of its lines indented by a tab. */
function* plans(log: string): Generator<{ 'Query Text': string; Plan: PlanNode }> {
  let body: string[] | null = null;
  const flush = function* () {
    if (!body) return;
    try {
      yield JSON.parse(body.join('\n'));
    } catch {
      // A plan cut by the log's rotation or by another process's lines: skipped.
    }
  };
  for (const line of log.split('\n')) {
    if (line.startsWith('\t')) {
      body?.push(line.slice(1));
      continue;
    }
    yield* flush();
    body = /LOG: {2}duration: [\d.]+ ms {2}plan:$/.test(line) ? [] : null;
  }
  yield* flush();
}

function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && (node.Schema ?? 'public') === 'public') {
    found.push(`${node['Relation Name']}${node.Filter ? ` where ${node.Filter}` : ''}`);
  }
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

const offset = statSync(logFile).size;
await configure(true);
let code: number;
try {
  code = await runTests(process.argv.slice(2));
} finally {
  await configure(false);
}

const found = new Map<string, { scans: string[]; count: number }>();
let total = 0;
for (const plan of plans(readFrom(logFile, offset))) {
  total++;
  // Adding a foreign key checks the existing rows once, by design with one scan (the migrations of every test file).
  if (plan['Query Text'].startsWith('SELECT fk.')) continue;
  const scans = seqScans(plan.Plan);
  if (scans.length === 0) continue;
  // Literals vary from test to test; the statement's shape is what is listed.
  const text = plan['Query Text']
    .replace(/\s+/g, ' ')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\b\d+\b/g, 'N')
    .slice(0, 300);
  const key = `${scans.map((scan) => scan.replace(/'[^']*'/g, "'…'")).join('; ')}\n    ${text}`;
  const entry = found.get(key) ?? { scans, count: 0 };
  entry.count++;
  found.set(key, entry);
}
console.log(
  `\n${total} plans logged; ${found.size} statement shapes still read a table by a sequential scan` +
    " (every test database is migrated from empty, so the migrations' one-off backfills are among them):\n",
);
for (const [key, { count }] of [...found].sort((a, b) => a[0].localeCompare(b[0]))) {
  console.log(`${count}× ${key}`);
}
process.exit(code);
