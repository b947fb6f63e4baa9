import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One migrated database per run (PGlite dump or PostgreSQL template); each file copies it.
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup-file.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
