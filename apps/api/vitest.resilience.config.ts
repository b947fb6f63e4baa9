import { defineConfig } from 'vitest/config';
import unitAndApi, { RESILIENCE_SUITES } from './vitest.config';

/** The fault tier (docs/resilience.md): only the suites that run the real server as a child process. */
export default defineConfig({
  ...unitAndApi,
  test: { ...unitAndApi.test, include: [RESILIENCE_SUITES], exclude: ['**/node_modules/**'] },
});
