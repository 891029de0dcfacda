import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
