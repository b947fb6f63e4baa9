import { DIGEST_FREQUENCIES } from '@alumlink/contract';
import { createPeriodicJob, schedulerPlugin, type JobDeps, type PeriodicJob } from '../../../lib/scheduler/index';
import { digestPeriodStart } from './digest-period';
import { runDigests } from './digest.service';

/** How often a server checks whether a digest period has begun. */
export const DIGEST_CHECK_INTERVAL_MS = 60_000;

/**
 * Runs the daily and weekly digests once each period has begun (config.digestHour, UTC, and
 * config.digestWeekday): every `intervalMs` it compares the current period with the last one it
 * ran. After a restart it runs the current period again, which sends only to people who have
 * not had it (the claim table decides), so restarts and parallel instances are harmless.
 */
export function createDigestJob(deps: JobDeps, intervalMs = DIGEST_CHECK_INTERVAL_MS): PeriodicJob {
  const lastRun = new Map<string, number>();
  const runDue = async (now: Date) => {
    for (const frequency of DIGEST_FREQUENCIES) {
      const period = digestPeriodStart(frequency, now, deps.config).getTime();
      if (lastRun.get(frequency) === period) continue;
      const report = await runDigests(deps, frequency, now);
      lastRun.set(frequency, period);
      if (report.sent > 0) deps.log.info({ frequency, sent: report.sent }, 'Notification digests queued');
    }
  };
  return createPeriodicJob({ name: 'Notification digests', intervalMs, run: runDue, clock: deps.clock, log: deps.log });
}

/** Off under NODE_ENV=test (tests run runDigests or the job by hand). */
export const digestScheduler = schedulerPlugin('digest-scheduler', (deps) =>
  deps.config.nodeEnv === 'test' ? null : createDigestJob(deps),
);
