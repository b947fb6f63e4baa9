import { createPeriodicJob, schedulerPlugin, type JobDeps, type PeriodicJob } from '../../lib/scheduler/index';
import { sendDueEventReminders } from './reminders';

/** How often a server looks for due reminders. */
export const EVENT_REMINDER_INTERVAL_MS = 60_000;

/** Sends the due event reminders every `intervalMs` (each reminder once, whichever instance claims it). */
export function createEventReminderJob(deps: JobDeps, intervalMs = EVENT_REMINDER_INTERVAL_MS): PeriodicJob {
  return createPeriodicJob({
    name: 'Event reminders',
    intervalMs,
    run: (now) => sendDueEventReminders(deps, now),
    clock: deps.clock,
    log: deps.log,
  });
}

/** Off under NODE_ENV=test (tests run sendDueEventReminders or the job by hand). */
export const eventReminderScheduler = schedulerPlugin('event-reminder-scheduler', (deps) =>
  deps.config.nodeEnv === 'test' ? null : createEventReminderJob(deps),
);
