// `npm test`: unit and API tests (Vitest), then browser tests (Playwright in Debian's Chromium)
// against the built app. TEST_DATABASE_URL switches both from PGlite to PostgreSQL.
//   --unit-only   build (when stale) + Vitest only          --e2e-only   build (when stale) + Playwright only
//   E2E_SHARD=k/n  only the k-th of n parts of the browser tests (Playwright's --shard)
import { existsSync } from 'node:fs';
import { chromiumForTests, fullChromium } from './chromium.mjs';
import { buildIfStale, npx, run } from './lib.mjs';

const args = new Set(process.argv.slice(2));
const unit = !args.has('--e2e-only');
const e2e = !args.has('--unit-only');
// The tests run in chromiumForTests(); the one test of a refused camera prompt needs full Chromium's prompt.
const missing = [...new Set([chromiumForTests(), fullChromium()])].filter((binary) => !existsSync(binary));

if (e2e && missing.length > 0) {
  console.error(
    `Browser tests need Chromium at ${missing.join(' and ')}, which is not installed.\n` +
      'Install it with:  sudo apt-get install -y chromium chromium-headless-shell\n' +
      '(or point CHROMIUM_PATH at a Chromium binary; run `npm test -- --unit-only` to skip browser tests knowingly).',
  );
  process.exit(1);
}

const database = process.env.TEST_DATABASE_URL
  ? `PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})`
  : 'PGlite';
console.log(`Testing against ${database}.`);

// The browser tests, and the API test of the OpenAPI document (apps/server/src/openapi-document.test.ts), run
// against the production build, started as `npm start` starts it; it is rebuilt only when the sources changed.
const built = await buildIfStale();
if (built !== 0) process.exit(built);
if (unit) {
  const code = await run(npx, ['vitest', 'run']);
  if (code !== 0) process.exit(code);
}
// E2E_SHARD=k/n runs the k-th of n parts of the browser suite (.ci/run splits it between its two passes).
const shard = process.env.E2E_SHARD ? [`--shard=${process.env.E2E_SHARD}`] : [];
if (e2e) process.exit(await run(npx, ['playwright', 'test', ...shard]));
