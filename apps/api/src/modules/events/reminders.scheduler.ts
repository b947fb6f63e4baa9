import type { JobDeclaration } from '../../lib/scheduler/index';
import { sendDueEventReminders } from './reminders';

/** How often a server looks for due reminders. */
export const EVENT_REMINDER_INTERVAL_MS = 60_000;

/** Sends the due event reminders (each reminder once, whichever instance claims it). */
export const eventReminderJob: JobDeclaration = {
  name: 'event-reminders',
  every: EVENT_REMINDER_INTERVAL_MS,
  enabled: () => true,
  run: (deps, now) => sendDueEventReminders(deps, now),
};
