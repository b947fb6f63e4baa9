import { defineConfig } from 'vitest/config';
import unitAndApi, { OPERATIONS_SUITES, RESILIENCE_SUITES } from './vitest.config';

/**
 * The fault tier (docs/resilience.md): the suites that run the real server as a child process, and
 * the operations tests (reopening the embedded data directory, backup and restore scripts).
 */
export default defineConfig({
  ...unitAndApi,
  test: { ...unitAndApi.test, include: [RESILIENCE_SUITES, ...OPERATIONS_SUITES], exclude: ['**/node_modules/**'] },
});
