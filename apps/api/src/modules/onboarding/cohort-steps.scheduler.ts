import { createPeriodicJob, schedulerPlugin, type JobDeps, type PeriodicJob } from '../../lib/scheduler/index';
import { applyDueCohortSteps } from './cohort-steps';

/** How often a server looks for cohort steps that fell due (dates are days: this is plenty). */
export const COHORT_STEPS_INTERVAL_MS = 10 * 60_000;

/** Takes the cohort steps that fell due every `intervalMs` (each once, whichever instance claims it). */
export function createCohortStepsJob(deps: JobDeps, intervalMs = COHORT_STEPS_INTERVAL_MS): PeriodicJob {
  return createPeriodicJob({
    name: 'Cohort role steps',
    intervalMs,
    run: (now) => applyDueCohortSteps(deps, now),
    clock: deps.clock,
    log: deps.log,
  });
}

/** Off under NODE_ENV=test (tests run applyDueCohortSteps or the job by hand). */
export const cohortStepsScheduler = schedulerPlugin('cohort-steps-scheduler', (deps) =>
  deps.config.nodeEnv === 'test' ? null : createCohortStepsJob(deps),
);
