import type { AdminStats } from '@alumlink/contract';
import { count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { posts, referrals, users } from '../../../db/schema/index';
import { authHeader, createPost, createReferral, useTestApp, createUser } from '../../../test/index';
import { lastUtcDays } from './admin-stats.service';

const t = useTestApp();
let adminAuth: { authorization: string };

beforeAll(async () => {
  adminAuth = await authHeader(t.app, await createUser(t.db, { role: 'AD' }));
});

const DAY = 24 * 60 * 60 * 1000;

async function readStats(): Promise<AdminStats> {
  const response = await t.app.inject({ url: '/api/admin/stats/', headers: adminAuth });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The same numbers counted the slow way. */
async function realStats() {
  const usersOf = async (role?: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(users)
        .where(role ? eq(users.role, role) : undefined)
    )[0]?.n ?? 0;
  const referralsOf = async (status: string) =>
    (await t.db.select({ n: count() }).from(referrals).where(eq(referrals.status, status)))[0]?.n ?? 0;
  const livePosts = (await t.db.select({ n: count() }).from(posts).where(isNull(posts.deletedAt)))[0]?.n ?? 0;
  return {
    users: { total: await usersOf(), AD: await usersOf('AD'), TR: await usersOf('TR'), IN: await usersOf('IN'), AL: await usersOf('AL') },
    posts: livePosts,
    referrals: { done: await referralsOf('closed'), pending: await referralsOf('open') },
  };
}

const dayOf = (stats: AdminStats, day: string) => stats.activity.find((entry) => entry.day === day);

describe('GET /api/admin/stats/', () => {
  it('keeps the trigger counters equal to real counts through inserts, role changes and deletions', async () => {
    const before = await readStats();
    const today = new Date().toISOString().slice(0, 10);
    const threeDaysAgo = new Date(Date.now() - 3 * DAY);

    const alumni = await createUser(t.db, { role: 'AL' });
    const trainee = await createUser(t.db, { role: 'TR' });
    const intern = await createUser(t.db, { role: 'IN', createdAt: threeDaysAgo });
    await createUser(t.db, { role: 'TR', createdAt: new Date(Date.now() - 40 * DAY) });
    await createPost(t.db, { userId: alumni.id, caption: 'kept', image: 'posts/a.webp' });
    const removed = await createPost(t.db, { userId: alumni.id, caption: 'removed', image: 'posts/b.webp' });
    await createPost(t.db, { userId: trainee.id, caption: 'cascade', image: 'posts/c.webp' });
    await createReferral(t.db, { alumniId: alumni.id, company: 'A', role: 'Dev', ctc: '10.5', location: 'Pune', requirements: 'TS' });
    await createReferral(t.db, {
      alumniId: alumni.id,
      company: 'B',
      role: 'QA',
      ctc: '8',
      location: 'Goa',
      requirements: 'None',
      status: 'closed',
    });
    await createReferral(t.db, { alumniId: alumni.id, company: 'C', role: 'Ops', ctc: '7', location: 'Delhi', requirements: 'Linux' });

    const afterInserts = await readStats();
    expect(afterInserts).toMatchObject(await realStats());
    expect(afterInserts.users.total - before.users.total).toBe(4);
    expect(afterInserts.referrals).toEqual({ done: before.referrals.done + 1, pending: before.referrals.pending + 2 });
    expect(dayOf(afterInserts, today)?.signups).toBe((dayOf(before, today)?.signups ?? 0) + 2);
    expect(dayOf(afterInserts, today)?.posts).toBe((dayOf(before, today)?.posts ?? 0) + 3);
    const threeDaysAgoKey = threeDaysAgo.toISOString().slice(0, 10);
    expect(dayOf(afterInserts, threeDaysAgoKey)?.signups).toBe((dayOf(before, threeDaysAgoKey)?.signups ?? 0) + 1);

    // Role change through the API, a moderation delete through the API, a referral closed, a person deleted.
    await t.app.inject({
      method: 'PATCH',
      url: '/users/admin/update-role/',
      payload: { user_id: intern.id, role: 'AL' },
      headers: adminAuth,
    });
    const moderation = await t.app.inject({
      method: 'DELETE',
      url: `/social/admin/posts/${removed.id}/delete_post/`,
      payload: { reason: 'False information' },
      headers: adminAuth,
    });
    expect(moderation.statusCode).toBe(200);
    await t.db.update(referrals).set({ status: 'closed' }).where(eq(referrals.company, 'C'));
    await t.app.inject({ method: 'DELETE', url: `/users/admin/delete-user/${trainee.id}/`, headers: adminAuth });

    const afterChanges = await readStats();
    expect(afterChanges).toMatchObject(await realStats());
    expect(afterChanges.users.IN).toBe(afterInserts.users.IN - 1);
    expect(afterChanges.users.AL).toBe(afterInserts.users.AL + 1);
    expect(afterChanges.users.TR).toBe(afterInserts.users.TR - 1);
    expect(afterChanges.posts).toBe(afterInserts.posts - 2);
    expect(afterChanges.referrals).toEqual({ done: before.referrals.done + 2, pending: before.referrals.pending + 1 });
  });

  it('answers 30 consecutive UTC days ending today, missing days as 0', async () => {
    const stats = await readStats();
    const now = new Date();
    expect(stats.activity.map((entry) => entry.day)).toEqual(lastUtcDays(now, 30));
    expect(stats.activity.at(-1)?.day).toBe(now.toISOString().slice(0, 10));
    expect(stats.activity[0]?.day).toBe(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 29 * DAY).toISOString().slice(0, 10),
    );
    expect(stats.activity.some((entry) => entry.signups === 0 && entry.posts === 0)).toBe(true);
  });

  it('lists days across a month boundary', () => {
    expect(lastUtcDays(new Date('2024-03-02T23:59:00Z'), 4)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
  });
});
