import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { sendDueEventReminders } from './reminders';

/** How often a server looks for due reminders. */
export const EVENT_REMINDER_INTERVAL_MS = 60_000;

export type EventReminderScheduler = { start(): void; stop(): Promise<void> };

/**
 * Runs sendDueEventReminders every `intervalMs` (the first run right after start). Runs never
 * overlap; a failed run is logged and the next one retries (state lives in the database).
 */
export function createEventReminderScheduler(
  ctx: AppContext,
  options: { intervalMs?: number; now?: () => Date } = {},
): EventReminderScheduler {
  const intervalMs = options.intervalMs ?? EVENT_REMINDER_INTERVAL_MS;
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(runOnce, delayMs);
    timer.unref();
  };

  function runOnce(): void {
    timer = null;
    running = sendDueEventReminders(ctx, options.now?.())
      .then(
        () => undefined,
        (error: unknown) => ctx.log.warn({ err: error }, 'Event reminders failed; will retry'),
      )
      .finally(() => {
        running = null;
        schedule(intervalMs);
      });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

/** Starts the scheduler when the server is ready (not under NODE_ENV=test) and stops it on close. */
export function registerEventReminderScheduler(app: FastifyInstance): void {
  const scheduler = createEventReminderScheduler(app.ctx);
  if (app.config.nodeEnv === 'test') return;
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
}
