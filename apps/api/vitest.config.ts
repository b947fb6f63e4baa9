import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The fault tests of docs/resilience.md. */
export const RESILIENCE_SUITES = 'src/quality/resilience/**/*.test.ts';

/**
 * Operations tests that run with the fault tier: they are about processes and restarts, not API
 * behaviour. The embedded data directory closed and reopened (two fresh directories migrated from
 * scratch), and `npm run backup` / `npm run restore` run as child processes (each loads the scripts
 * through tsx) on real data directories and buckets: 3-4 minutes of CPU between them on two cores.
 */
export const OPERATIONS_SUITES = [
  'src/db/persistence.test.ts',
  'src/quality/backup.test.ts',
  'src/quality/backup-s3.test.ts',
  'src/quality/backup-postgres.test.ts',
];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The fault suites start real server processes and kill, freeze or restart what they depend on
    // (minutes on two cores): their own tier with the operations tests, `npm run test:resilience`
    // (vitest.resilience.config.ts).
    exclude: ['**/node_modules/**', RESILIENCE_SUITES, ...OPERATIONS_SUITES],
    environment: 'node',
    // One migrated database per run (PGlite dump or PostgreSQL template); each file copies it.
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup-file.ts'],
    pool: 'forks',
    // A worker keeps the modules it imported from one test file to the next instead of importing
    // the app again for each (that was 160-280 s of a 535-737 s run on two cores). Test files hold
    // no module state of their own: each builds its app and database (a file that mocks a module
    // imports what it tests afresh, after vi.resetModules()).
    isolate: false,
    // Two at least: a test waiting on PostgreSQL or a timer leaves its core to the other
    // (vitest's default, one less than the cores, is a single worker on two cores). On PostgreSQL
    // the queries run in the server's processes, so one worker more than the cores keeps them busy
    // (the API suites on two cores: 160 s with three workers; decision record 049).
    maxWorkers: process.env.TEST_DATABASE_URL ? availableParallelism() + 1 : Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
