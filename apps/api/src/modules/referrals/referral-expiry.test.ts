import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, referralRequestEvents, referralRequests } from '../../db/schema/index';
import { jobDepsOf } from '../../lib/scheduler/index';
import {
  createReferral,
  createReferralRequest,
  useTestApp,
  createTestClock,
  expectRetryAfterFailure,
  createUser,
  jobOf,
} from '../../test/index';
import { expireStaleReferralRequests } from './referral-expiry';
import { expireWaitingRequests } from './referral-request-endings.repository';
import { referralExpiryJob, REFERRAL_EXPIRY_INTERVAL_MS } from './referral-expiry.scheduler';

const DAY = 24 * 60 * 60 * 1000;
const t = useTestApp();

/** `count` requests on a fresh offer, made `ageDays` ago, in the given status. */
async function requestsAged(count: number, ageDays: number, status = 'requested'): Promise<number[]> {
  const owner = await createUser(t.db, { role: 'AL' });
  const offer = await createReferral(t.db, {
    alumniId: owner.id,
    company: 'Umbrella',
    role: 'Analyst',
    ctc: '10.0',
    location: 'Remote',
    requirements: 'SQL',
  });
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const requester = await createUser(t.db);
    const createdAt = new Date(Date.now() - ageDays * DAY);
    const row = await createReferralRequest(t.db, {
      referralId: offer.id,
      requesterId: requester.id,
      message: 'Please',
      status,
      createdAt,
      updatedAt: createdAt,
    });
    ids.push(row.id);
  }
  return ids;
}

describe('expireStaleReferralRequests', () => {
  it('expires requests left requested for 30 days, once, with history and a notification, even with several runs at once', async () => {
    const stale = await requestsAged(130, 31);
    const fresh = await requestsAged(2, 29);
    const referred = await requestsAged(1, 40, 'referred');
    const runs = await Promise.all([
      expireStaleReferralRequests(t.ctx),
      expireStaleReferralRequests(t.ctx),
      expireStaleReferralRequests(t.ctx),
    ]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(130);
    const rows = await t.db.select({ id: referralRequests.id, status: referralRequests.status }).from(referralRequests);
    const statusOf = new Map(rows.map((row) => [row.id, row.status]));
    expect(stale.every((id) => statusOf.get(id) === 'expired')).toBe(true);
    expect(fresh.map((id) => statusOf.get(id))).toEqual(['requested', 'requested']);
    expect(referred.map((id) => statusOf.get(id))).toEqual(['referred']);
    const events = await t.db.select().from(referralRequestEvents).where(inArray(referralRequestEvents.requestId, stale));
    expect(events).toHaveLength(130);
    expect(events.every((event) => event.status === 'expired' && event.actorId === null)).toBe(true);
    const told = await t.db.select().from(notifications).where(eq(notifications.type, 'referral_status_changed'));
    expect(told).toHaveLength(130);
    expect(told[0]?.text).toBe('Your referral request for Analyst at Umbrella is now: Expired.');
    // Nothing left to do: a later run changes nothing.
    expect(await expireStaleReferralRequests(t.ctx)).toBe(0);
  });
});

async function statusesOf(ids: number[]): Promise<string[]> {
  const rows = await t.db
    .select({ id: referralRequests.id, status: referralRequests.status })
    .from(referralRequests)
    .where(inArray(referralRequests.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)?.status ?? 'missing');
}
const historyOf = (ids: number[]) => t.db.select().from(referralRequestEvents).where(inArray(referralRequestEvents.requestId, ids));

describe('expireWaitingRequests', () => {
  it('expires at most one batch per statement', async () => {
    const stale = await requestsAged(12, 35);
    const cutoff = new Date(Date.now() - 30 * DAY);
    const batches = [];
    for (let run = 0; run < 3; run += 1) batches.push(await expireWaitingRequests(t.db, cutoff, new Date(), 5));
    expect(batches.map((batch) => batch.length)).toEqual([5, 5, 2]);
    expect(await statusesOf(stale)).toEqual(stale.map(() => 'expired'));
  });
});

describe('the referral expiry job', () => {
  it('expires a request at the first tick after its 30 days, once, and nothing before', async () => {
    const clock = createTestClock(new Date());
    const due = await requestsAged(1, 31);
    const almost = await requestsAged(1, 30 - 5 / (24 * 60));
    const job = jobOf(referralExpiryJob, jobDepsOf(t.app, clock));
    job.start();
    await clock.advance(0);
    expect(await statusesOf([...due, ...almost])).toEqual(['expired', 'requested']);
    await clock.advance(REFERRAL_EXPIRY_INTERVAL_MS);
    expect(await statusesOf(almost)).toEqual(['expired']);
    await clock.advance(3 * REFERRAL_EXPIRY_INTERVAL_MS);
    await job.stop();
    expect(await historyOf([...due, ...almost])).toHaveLength(2);
  });

  it('retries at the next tick when a run fails', async () => {
    const clock = createTestClock(new Date());
    const due = await requestsAged(1, 40);
    await expectRetryAfterFailure(t, referralExpiryJob, clock, REFERRAL_EXPIRY_INTERVAL_MS, {
      afterFailure: async () => {
        expect(await statusesOf(due)).toEqual(['requested']);
      },
      afterRetry: async () => {
        expect(await statusesOf(due)).toEqual(['expired']);
      },
    });
  });
});
