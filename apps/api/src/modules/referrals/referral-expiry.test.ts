import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { openPostgres, type DatabaseConnection } from '../../db/client';
import { notifications, referralRequestEvents, referralRequests } from '../../db/schema/index';
import { createReferral, createReferralRequest, createTestApp, createTestConfig, createUser, type TestApp } from '../../test/index';
import { expireStaleReferralRequests } from './referral-expiry';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let second: { app: App; database: DatabaseConnection | null };

/** A second server on the same database: its own pool on PostgreSQL, the same PGlite otherwise. */
async function secondInstance(): Promise<{ app: App; database: DatabaseConnection | null }> {
  const driver = t.database.driver;
  if (driver.kind === 'postgres') {
    const database = await openPostgres(String(driver.pool.options.connectionString));
    return { app: await buildApp({ config: createTestConfig(), database }), database };
  }
  return { app: await buildApp({ config: createTestConfig(), database: t.database }), database: null };
}

beforeAll(async () => {
  t = await createTestApp();
  second = await secondInstance();
});
afterAll(async () => {
  await second.app.close();
  await second.database?.close();
  await t.close();
});

/** `count` requests on a fresh offer, made `ageDays` ago, in the given status. */
async function requestsAged(count: number, ageDays: number, status = 'requested'): Promise<number[]> {
  const owner = await createUser(t.db, { role: 'AL' });
  const offer = await createReferral(t.db, { alumniId: owner.id, company: 'Umbrella', role: 'Analyst', ctc: '10.0', location: 'Remote', requirements: 'SQL' });
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const requester = await createUser(t.db);
    const createdAt = new Date(Date.now() - ageDays * DAY);
    const row = await createReferralRequest(t.db, { referralId: offer.id, requesterId: requester.id, message: 'Please', status, createdAt, updatedAt: createdAt });
    ids.push(row.id);
  }
  return ids;
}

describe('expireStaleReferralRequests', () => {
  it('expires requests left requested for 30 days, once, with history and a notification, even with two servers at once', async () => {
    const stale = await requestsAged(130, 31);
    const fresh = await requestsAged(2, 29);
    const referred = await requestsAged(1, 40, 'referred');
    const runs = await Promise.all([
      expireStaleReferralRequests(t.app),
      expireStaleReferralRequests(second.app),
      expireStaleReferralRequests(t.app),
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
    expect(await expireStaleReferralRequests(second.app)).toBe(0);
  });
});
