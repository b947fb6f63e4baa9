import { createJobRunner, type JobDeclaration, type JobDeps } from '../lib/scheduler/index';

/** One declared job on `deps` (and its clock), recorded as in the server: start it, advance the clock, stop it. */
export function jobOf(job: JobDeclaration, deps: JobDeps): { start(): void; stop(): Promise<void> } {
  const runner = createJobRunner({ jobs: [job], only: [job.name], clock: deps.clock });
  return { start: () => runner.start(deps), stop: () => runner.stop() };
}
