import { expect, vi } from 'vitest';
import { createJobRunner, jobDepsOf, type JobDeclaration, type JobDeps } from '../lib/scheduler/index';
import type { TestApp } from './create-test-app';
import { failingOnce } from './failing-database';
import type { TestClock } from './test-clock';

/** One declared job on `deps` (and its clock), recorded as in the server: start it, advance the clock, stop it. */
export function jobOf(job: JobDeclaration, deps: JobDeps): { start(): void; stop(): Promise<void> } {
  const runner = createJobRunner({ jobs: [job], only: [job.name], clock: deps.clock });
  return { start: () => runner.start(deps), stop: () => runner.stop() };
}

/**
 * Runs `job` on a database handle whose first statement fails and checks that it warns and retries
 * at its next tick: `afterFailure` holds once the failed run is over, `afterRetry` once the clock
 * has moved `intervalMs` on.
 */
export async function expectRetryAfterFailure(
  t: TestApp,
  job: JobDeclaration,
  clock: TestClock,
  intervalMs: number,
  { afterFailure, afterRetry }: { afterFailure: () => Promise<void>; afterRetry: () => Promise<void> },
): Promise<void> {
  const deps = jobDepsOf(t.app, clock);
  const warn = vi.spyOn(deps.log, 'warn');
  try {
    const running = jobOf(job, { ...deps, db: failingOnce(t.db) });
    running.start();
    await clock.advance(0);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ job: job.name }), `${job.name} failed; will retry`);
    await afterFailure();
    await clock.advance(intervalMs);
    await running.stop();
    await afterRetry();
  } finally {
    warn.mockRestore();
  }
}
