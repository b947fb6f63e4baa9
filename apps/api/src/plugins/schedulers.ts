import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { mailDeliveryJob } from '../lib/mailer/delivery.scheduler';
import {
  createJobRunner,
  jobDepsOf,
  systemClock,
  type Clock,
  type JobDeclaration,
  type JobRunner,
  type JobRunListener,
} from '../lib/scheduler/index';
import { dataExportJob } from '../modules/data-export/data-export.scheduler';
import { eventReminderJob } from '../modules/events/reminders.scheduler';
import { digestJob } from '../modules/notifications/digests/digest.scheduler';
import { realtimeSessionsJob } from '../modules/realtime/realtime-sessions.scheduler';
import { referralExpiryJob } from '../modules/referrals/referral-expiry.scheduler';
import { cohortStepsJob } from '../modules/onboarding/cohort-steps.scheduler';
import { rosterSweepJob } from '../modules/onboarding/roster-sweep.scheduler';

/**
 * Every background job of the server, declared once. To add one, write its `x.scheduler.ts`
 * (a JobDeclaration) in its module and list it here. One switch turns them all off
 * (BACKGROUND_JOBS=off, the default under NODE_ENV=test, where tests run a job by hand or pick
 * the jobs they exercise with buildApp's `jobs`). Each run is recorded in job_runs.
 */
export const backgroundJobs: readonly JobDeclaration[] = [
  mailDeliveryJob,
  eventReminderJob,
  digestJob,
  referralExpiryJob,
  dataExportJob,
  realtimeSessionsJob,
  cohortStepsJob,
  rosterSweepJob,
];

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's background jobs (plugins/schedulers.ts): `trigger(name)` runs one now. */
    jobs: JobRunner;
  }
}

export type SchedulerPluginOptions = {
  /** buildApp's clock (the system clock by default). */
  clock?: Clock;
  /** Exactly these jobs run, whatever the configuration says (tests). */
  only?: readonly string[];
  /** Told after each run (the metrics). */
  onRun?: JobRunListener;
  /** Told the name of each job this instance starts (the metrics show its series from then). */
  onStart?: (name: string) => void;
};

/** Decorates `app.jobs`; the jobs start when the app is ready and stop (waiting for runs in progress) when it closes. */
const plugin: FastifyPluginAsync<SchedulerPluginOptions> = async (app, options) => {
  const clock = options.clock ?? systemClock;
  const runner = createJobRunner({
    jobs: backgroundJobs,
    clock,
    ...(options.only ? { only: options.only } : {}),
    ...(options.onRun ? { onRun: options.onRun } : {}),
  });
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => {
    runner.start(jobDepsOf(app, clock));
    for (const name of runner.running()) options.onStart?.(name);
  });
  app.addHook('onClose', async () => runner.stop());
};
export const registerSchedulers = fp(plugin, { name: 'schedulers', fastify: '5.x' });
