import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communities, events, users } from '../db/schema/index';
import { verifyPassword } from '../lib/passwords';
import { authHeader, createTestApp, createUser, type TestApp } from '../test/index';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './index';

let t: TestApp;
const now = new Date('2030-06-01T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function countRows() {
  const [people] = await t.db.select({ n: count() }).from(users);
  const [hubs] = await t.db.select({ n: count() }).from(communities);
  const [dated] = await t.db.select({ n: count() }).from(events);
  return { users: people?.n, communities: hubs?.n, events: dated?.n };
}

describe('seedDemo', () => {
  it('seeds an empty database: 8 communities, 2 future events, 4 demo accounts and more people', async () => {
    const result = await seedDemo(t.db, { now });
    expect(result).toEqual({
      seeded: true,
      steps: [
        'people',
        'communities',
        'events',
        'posts',
        'jobs',
        'referrals',
        'referral-pipeline',
        'memberships',
        'spaces',
        'conversations',
        'notifications',
        'mentoring',
        'onboarding',
        'roster',
      ],
    });
    const counts = await countRows();
    expect(counts.communities).toBe(8);
    expect(counts.events).toBe(2);
    expect(counts.users).toBeGreaterThanOrEqual(34);

    const seededEvents = await t.db.select().from(events);
    for (const event of seededEvents) expect(event.startsAt.getTime()).toBeGreaterThan(now.getTime());

    // The meetup has places left; the workshop is full with three people waiting.
    const listed = (await t.app.inject({ url: '/api/events/' })).json();
    expect(
      listed.results.map((event: { capacity: number; spots_left: number; registrations_count: number; waitlist_count: number }) => [
        event.capacity,
        event.spots_left,
        event.registrations_count,
        event.waitlist_count,
      ]),
    ).toEqual([
      [40, 31, 7, 0],
      [10, 0, 8, 3],
    ]);

    const response = await t.app.inject({ url: '/api/communities/' });
    expect(response.json().map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['Web Development', 'UI/UX Design', 'Marketing', 'Business Communication']),
    );
  });

  it('creates the four demo accounts with the right roles, verified, with the demo password', async () => {
    const expected = { 'admin@example.com': 'AD', 'alumni@example.com': 'AL', 'trainee@example.com': 'TR', 'intern@example.com': 'IN' };
    expect(DEMO_ACCOUNTS.map((account) => account.email)).toEqual(Object.keys(expected));
    for (const [email, role] of Object.entries(expected)) {
      const [row] = await t.db.select().from(users).where(eq(users.email, email));
      expect(row?.role).toBe(role);
      expect(row?.isStaff).toBe(role === 'AD');
      expect(row?.isActive).toBe(true);
      expect(row?.emailVerifiedAt).not.toBeNull();
      expect(row?.firstName).not.toBe('');
    }
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    expect(await verifyPassword(admin?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(admin?.passwordHash ?? '', 'wrong-password')).toBe(false);
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('shows onboarding at work: a cohort graduating within a week, one starting later, pending invitations', async () => {
    const admin = (await t.db.select().from(users).where(eq(users.email, 'admin@example.com')))[0];
    if (!admin) throw new Error('no demo admin');
    const headers = await authHeader(t.app, admin);
    const cohorts = (await t.app.inject({ url: '/api/admin/cohorts/', headers })).json<{
      results: { members_count: number; next_step: { role: string; on: string; people: number } | null }[];
    }>().results;
    expect(cohorts).toHaveLength(2);
    const soon = cohorts.find((cohort) => cohort.next_step?.role === 'AL');
    expect(soon?.next_step?.on).toBe('2030-06-07');
    expect(soon?.next_step?.people).toBeGreaterThan(0);
    expect(cohorts.every((cohort) => cohort.members_count > 0)).toBe(true);
    const pending = (await t.app.inject({ url: '/api/admin/invitations/?status=pending', headers })).json<{ results: unknown[] }>();
    expect(pending.results.length).toBeGreaterThanOrEqual(3);
  });

  it('shows a finished roster import with its rejected rows', async () => {
    const admin = (await t.db.select().from(users).where(eq(users.email, 'admin@example.com')))[0];
    if (!admin) throw new Error('no demo admin');
    const headers = await authHeader(t.app, admin);
    const [latest] = (await t.app.inject({ url: '/api/admin/roster/imports/', headers })).json<{
      results: { id: number; status: string }[];
    }>().results;
    expect(latest?.status).toBe('done');
    const detail = (await t.app.inject({ url: `/api/admin/roster/imports/${latest?.id}/`, headers })).json<{
      errors: { line: number }[];
    }>();
    expect(detail.errors.map((error) => error.line)).toEqual([5, 7]);
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await countRows();
    expect(await seedDemo(t.db, { now })).toEqual({ seeded: false, steps: [] });
    expect(await countRows()).toEqual(before);
  });

  it('never seeds a database that already has people', async () => {
    const other = await createTestApp();
    try {
      await createUser(other.db, { role: 'AL' });
      expect((await seedDemo(other.db)).seeded).toBe(false);
      const [hubs] = await other.db.select({ n: count() }).from(communities);
      expect(hubs?.n).toBe(0);
    } finally {
      await other.close();
    }
  });
});
