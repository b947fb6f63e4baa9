import { DIGEST_FREQUENCIES } from '@alumlink/contract';
import type { JobDeclaration, JobDeps } from '../../../lib/scheduler/index';
import { digestPeriodStart } from './digest-period';
import { runDigests } from './digest.service';

/** How often a server checks whether a digest period has begun. */
export const DIGEST_CHECK_INTERVAL_MS = 60_000;

/**
 * The period each frequency last ran for, per started job (the runner passes the same deps to
 * every run of one start): a tick does nothing until a new period begins.
 */
const lastRunOf = new WeakMap<JobDeps, Map<string, number>>();

/**
 * Runs the daily and weekly digests once each period has begun (config.digestHour, UTC, and
 * config.digestWeekday): every tick compares the current period with the last one it ran. After
 * a restart it runs the current period again, which sends only to people who have not had it
 * (the claim table decides), so restarts and parallel instances are harmless.
 */
async function runDueDigests(deps: JobDeps, now: Date): Promise<void> {
  let lastRun = lastRunOf.get(deps);
  if (!lastRun) lastRunOf.set(deps, (lastRun = new Map()));
  for (const frequency of DIGEST_FREQUENCIES) {
    const period = digestPeriodStart(frequency, now, deps.config).getTime();
    if (lastRun.get(frequency) === period) continue;
    const report = await runDigests(deps, frequency, now);
    lastRun.set(frequency, period);
    if (report.sent > 0) deps.log.info({ frequency, sent: report.sent }, 'Notification digests queued');
  }
}

export const digestJob: JobDeclaration = {
  name: 'notification-digests',
  every: DIGEST_CHECK_INTERVAL_MS,
  enabled: () => true,
  run: runDueDigests,
};
