import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Test files share their worker's modules instead of importing the whole server again each: every file builds its
    // own app and database (test/harness.ts), and no server test mocks a module. The server suite took 179 s instead
    // of 252 s on PostgreSQL (import time 5 s instead of 53 s).
    isolate: false,
    globalSetup: ['src/test/pglite-template.ts'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
