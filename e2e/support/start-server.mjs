// Starts the built server for the browser tests on a database of its own:
// a new PostgreSQL database on TEST_DATABASE_URL's server (dropped on exit), or PGlite in a temporary DATA_DIR.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = process.env.E2E_PORT ?? '3210';
const dataDir = mkdtempSync(path.join(tmpdir(), 'placely-e2e-'));
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  RATE_LIMIT_AUTH_PER_MINUTE: '10000',
  PUBLIC_URL: `http://localhost:${port}`,
  // The platform verification admins of the browser tests, two like the spec's (groups.spec.ts, institutions.spec.ts).
  VERIFICATION_ADMIN_EMAILS: 'verification-admin@e2e.placely.test,institutions-admin@e2e.placely.test',
};
delete env.DATABASE_URL;

let dropDatabase = async () => {};
if (process.env.TEST_DATABASE_URL) {
  const name = `placely_e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env,
  stdio: 'inherit',
});

let cleaning = false;
async function cleanUp(code) {
  if (cleaning) return;
  cleaning = true;
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await dropDatabase().catch((error) => console.error('could not drop the e2e database:', error.message));
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
server.on('exit', (code) => cleanUp(code ?? 1));
process.on('SIGTERM', () => cleanUp(0));
process.on('SIGINT', () => cleanUp(0));
