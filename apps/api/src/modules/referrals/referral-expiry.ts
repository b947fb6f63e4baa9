import { REFERRAL_REQUEST_LIMITS } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import { expireWaitingRequests } from './referral-request-endings.repository';
import * as repository from './referral-requests.repository';
import { recordSystemEnd, withNotifications } from './referral-requests.service';

const BATCH_SIZE = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every request still `requested` REFERRAL_REQUEST_LIMITS.expiryDays after it was made becomes
 * `expired`, with its history entry and the requester's notification in the same transaction.
 * Each batch is one conditional UPDATE (status still `requested`), so two instances running at
 * once, or a run repeated, expire and notify each request exactly once. Returns how many expired.
 */
export async function expireStaleReferralRequests(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REFERRAL_REQUEST_LIMITS.expiryDays * DAY_MS);
  let total = 0;
  for (;;) {
    const count = await withNotifications(ctx, async (tx, notices) => {
      const expired = await expireWaitingRequests(tx, cutoff, now, BATCH_SIZE);
      const offers = await repository.findOfferTitles(
        tx,
        expired.map((request) => request.referralId),
      );
      await recordSystemEnd(tx, expired, 'expired', offers, notices, now);
      return expired.length;
    });
    total += count;
    if (count < BATCH_SIZE) return total;
  }
}
