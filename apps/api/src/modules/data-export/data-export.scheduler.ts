import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import {
  createPeriodicJob,
  jobDepsOf,
  startWithApp,
  systemClock,
  type JobDeps,
  type PeriodicJob,
  type SchedulerPluginOptions,
} from '../../lib/scheduler/index';
import { runExportJobs } from './data-export.jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Wakes the data-export worker after a new request (does nothing when the worker is off). */
    dataExportWorker: { kick(): void };
  }
}

/** Builds pending exports and purges expired ones every `intervalMs` and right after a kick (`trigger`). */
export function createDataExportJob(deps: JobDeps, intervalMs: number): PeriodicJob {
  return createPeriodicJob({
    name: 'Data export worker',
    intervalMs,
    run: () => runExportJobs(deps, { now: () => deps.clock.now() }),
    clock: deps.clock,
    log: deps.log,
  });
}

/** The worker of an app (config.exportWorkerMs; 0: off, as under NODE_ENV=test, where tests run runExportJobs by hand). */
const plugin: FastifyPluginAsync<SchedulerPluginOptions> = async (app, options) => {
  const intervalMs = app.config.exportWorkerMs;
  const job = intervalMs === 0 ? null : createDataExportJob(jobDepsOf(app, options.clock ?? systemClock), intervalMs);
  app.decorate('dataExportWorker', { kick: () => job?.trigger() });
  if (job) startWithApp(app, job);
};
export const dataExportScheduler = fp(plugin, { name: 'data-export-scheduler', fastify: '5.x' });
