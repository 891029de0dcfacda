import { defineConfig } from '@playwright/test';
import { chromiumForTests } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;

/**
 * Browser tests drive Debian's Chromium against the built app, served by the real server
 * (e2e/support/start-server.mjs) on a fresh database: PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // One browser at a time (E2E_WORKERS to try more): CI's two passes side by side already keep both cores busy.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Per port, so two runs side by side (CI runs PGlite and PostgreSQL at once) keep their own artifacts.
  // The JSON report lets .ci/run list every test that passed only on its retry (a flake), rather than absorb it.
  reporter: [
    ['list'],
    ['html', { outputFolder: `playwright-report/${port}`, open: 'never' }],
    ['json', { outputFile: `playwright-report/${port}.json` }],
  ],
  outputDir: `test-results/${port}`,
  use: {
    baseURL,
    // Recording a trace costs CPU in every test; under CI (two passes sharing the machine) only the retry of a
    // failed test records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // As people who ask their system for less motion see the app (theme.ts): no transition or ripple to wait for,
    // and a fifth less rendering work in Chromium, which is most of a browser test's CPU.
    reducedMotion: 'reduce',
    // Each test's fresh context would install the service worker, which precaches every file of the build beside
    // the page under test. The tests of the offline copy allow it (public-pages.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumForTests(),
      // Without the background-networking flags Chromium keeps dialing Google hosts the closed network refuses.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node e2e/support/start-server.mjs`,
    url: `${baseURL}/api/health`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    // SIGTERM lets start-server.mjs stop the server and drop its database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    // Migrating a fresh embedded database takes seconds on a quiet machine, and minutes on one whose cores are shared.
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
