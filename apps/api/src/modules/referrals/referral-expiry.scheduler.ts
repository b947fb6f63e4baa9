import type { JobDeclaration } from '../../lib/scheduler/index';
import { expireStaleReferralRequests } from './referral-expiry';

/** How often a server looks for requests to expire (they expire by the day; this is plenty). */
export const REFERRAL_EXPIRY_INTERVAL_MS = 10 * 60_000;

/** Expires stale referral requests (each once, whichever instance claims it). */
export const referralExpiryJob: JobDeclaration = {
  name: 'referral-expiry',
  every: REFERRAL_EXPIRY_INTERVAL_MS,
  enabled: () => true,
  run: (deps, now) => expireStaleReferralRequests(deps, now),
};
