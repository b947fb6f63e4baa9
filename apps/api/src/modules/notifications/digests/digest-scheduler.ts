import { DIGEST_FREQUENCIES } from '@alumlink/contract';
import type { FastifyInstance } from 'fastify';
import { digestPeriodStart } from './digest-period';
import { runDigests } from './digest.service';

/** How often a server checks whether a digest period has begun. */
export const DIGEST_CHECK_INTERVAL_MS = 60_000;

export type DigestScheduler = { start(): void; stop(): Promise<void> };

/**
 * Runs the daily and weekly digests once each period has begun (config.digestHour, UTC, and
 * config.digestWeekday): every `intervalMs` it compares the current period with the last one it
 * ran. After a restart it runs the current period again, which sends only to people who have
 * not had it (the claim table decides), so restarts and parallel instances are harmless.
 */
export function createDigestScheduler(
  app: FastifyInstance,
  options: { intervalMs?: number; now?: () => Date } = {},
): DigestScheduler {
  const intervalMs = options.intervalMs ?? DIGEST_CHECK_INTERVAL_MS;
  const lastRun = new Map<string, number>();
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(runOnce, delayMs);
    timer.unref();
  };

  const runDue = async () => {
    const now = options.now?.() ?? new Date();
    for (const frequency of DIGEST_FREQUENCIES) {
      const period = digestPeriodStart(frequency, now, app.config).getTime();
      if (lastRun.get(frequency) === period) continue;
      const report = await runDigests(app.ctx, frequency, now);
      lastRun.set(frequency, period);
      if (report.sent > 0) app.log.info({ frequency, sent: report.sent }, 'Notification digests queued');
    }
  };

  function runOnce(): void {
    timer = null;
    running = runDue()
      .catch((error: unknown) => app.log.warn({ err: error }, 'Notification digests failed; will retry'))
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
export function registerDigestScheduler(app: FastifyInstance): void {
  if (app.config.nodeEnv === 'test') return;
  const scheduler = createDigestScheduler(app);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
}
