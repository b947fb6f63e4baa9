export { systemClock, type Clock, type TimerHandle } from './clock';
export { createJobRunner, jobsToRun, type JobDeclaration, type JobRunListener, type JobRunner, type JobRunnerOptions } from './job-list';
export { readJobRuns, recordJobRun, type JobRunSummary } from './job-runs';
export { createPeriodicJob, type JobLogger, type PeriodicJob, type PeriodicJobOptions } from './periodic-job';
export { jobDepsOf, type JobDeps } from './job-deps';
