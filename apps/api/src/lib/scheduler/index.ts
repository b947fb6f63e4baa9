export { systemClock, type Clock, type TimerHandle } from './clock';
export { createPeriodicJob, type JobLogger, type PeriodicJob, type PeriodicJobOptions } from './periodic-job';
export { jobDepsOf, schedulerPlugin, startWithApp, type JobDeps, type SchedulerPluginOptions } from './scheduler-plugin';
