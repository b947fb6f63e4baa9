import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../app-context';
import { systemClock, type Clock } from './clock';
import type { PeriodicJob } from './periodic-job';

/** What a scheduled job may use: the app's context (as every service) and the clock, never the app itself. */
export type JobDeps = AppContext & { clock: Clock };

/** Options of every scheduler plugin (plugins/schedulers.ts passes buildApp's clock). */
export type SchedulerPluginOptions = { clock?: Clock };

export function jobDepsOf(app: FastifyInstance, clock: Clock): JobDeps {
  return { ...app.ctx, clock };
}

/**
 * A scheduled job as a Fastify plugin: `build` makes the job from the app's parts, or answers
 * null when the configuration switches it off; the job starts when the app is ready and stops
 * (waiting for a run in progress) when it closes.
 */
export function schedulerPlugin(name: string, build: (deps: JobDeps) => PeriodicJob | null): FastifyPluginAsync<SchedulerPluginOptions> {
  const plugin: FastifyPluginAsync<SchedulerPluginOptions> = async (app, options) => {
    const job = build(jobDepsOf(app, options.clock ?? systemClock));
    if (job) startWithApp(app, job);
  };
  return fp(plugin, { name, fastify: '5.x' });
}

/** Starts `job` when the app is ready and stops it when the app closes. */
export function startWithApp(app: FastifyInstance, job: PeriodicJob): void {
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());
}
