import { createPeriodicJob, schedulerPlugin, type JobDeps, type PeriodicJob } from '../../lib/scheduler/index';
import { expireStaleReferralRequests } from './referral-expiry';

/** How often a server looks for requests to expire (they expire by the day; this is plenty). */
export const REFERRAL_EXPIRY_INTERVAL_MS = 10 * 60_000;

/** Expires stale referral requests every `intervalMs` (each once, whichever instance claims it). */
export function createReferralExpiryJob(deps: JobDeps, intervalMs = REFERRAL_EXPIRY_INTERVAL_MS): PeriodicJob {
  return createPeriodicJob({
    name: 'Referral request expiry',
    intervalMs,
    run: (now) => expireStaleReferralRequests(deps, now),
    clock: deps.clock,
    log: deps.log,
  });
}

/** Off under NODE_ENV=test (tests run expireStaleReferralRequests or the job by hand). */
export const referralExpiryScheduler = schedulerPlugin('referral-expiry-scheduler', (deps) =>
  deps.config.nodeEnv === 'test' ? null : createReferralExpiryJob(deps),
);
