import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { mailDeliveryScheduler } from '../lib/mailer/delivery.scheduler';
import type { SchedulerPluginOptions } from '../lib/scheduler/index';
import { dataExportScheduler } from '../modules/data-export/data-export.scheduler';
import { eventReminderScheduler } from '../modules/events/reminders.scheduler';
import { digestScheduler } from '../modules/notifications/digests/digest.scheduler';
import { referralExpiryScheduler } from '../modules/referrals/referral-expiry.scheduler';
import { cohortStepsScheduler } from '../modules/onboarding/cohort-steps.scheduler';

/**
 * Every background job of the server, each a plugin that starts when the app is ready and stops
 * when it closes. To add one, write its `x.scheduler.ts` in its module and list it here.
 */
const schedulers: FastifyPluginAsync<SchedulerPluginOptions>[] = [
  mailDeliveryScheduler,
  eventReminderScheduler,
  digestScheduler,
  referralExpiryScheduler,
  dataExportScheduler,
  cohortStepsScheduler,
];

/** Registers every scheduler with the app's clock (buildApp's `clock`, the system clock by default). */
const plugin: FastifyPluginAsync<SchedulerPluginOptions> = async (app, options) => {
  for (const scheduler of schedulers) await app.register(scheduler, options);
};
export const registerSchedulers = fp(plugin, { name: 'schedulers', fastify: '5.x' });
