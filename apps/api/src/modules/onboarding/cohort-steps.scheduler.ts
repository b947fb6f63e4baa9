import type { JobDeclaration } from '../../lib/scheduler/index';
import { applyDueCohortSteps } from './cohort-steps';

/** How often a server looks for cohort steps that fell due (dates are days: this is plenty). */
export const COHORT_STEPS_INTERVAL_MS = 10 * 60_000;

/** Takes the cohort steps that fell due (each once, whichever instance claims it). */
export const cohortStepsJob: JobDeclaration = {
  name: 'cohort-steps',
  every: COHORT_STEPS_INTERVAL_MS,
  enabled: () => true,
  run: (deps, now) => applyDueCohortSteps(deps, now),
};
