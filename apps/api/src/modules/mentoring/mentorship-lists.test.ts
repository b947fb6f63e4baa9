import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mentorProfiles, notifications } from '../../db/schema/index';
import { emailsTo, type TestUser } from '../../test/index';
import { endMentorshipsOf, mentorshipCounts } from './index';
import { useMentorships } from './mentorships.test-helpers';

const { t, people, auth, person, mentor, request, act, activeCount } = useMentorships();

describe('GET /api/mentoring/requests/', () => {
  it('lists the caller’s mentorships by side and status, newest first, never others’', async () => {
    const m = await mentor(3);
    const mentee = await person();
    const first = await request(mentee, m);
    await act(m, first, 'decline');
    const second = await request(mentee, m);
    const list = (query: string, who: TestUser) =>
      t.app.inject({ url: `/api/mentoring/requests/${query}`, headers: auth(who) }).then((r) => r.json());
    expect((await list('', mentee)).results.map((r: { id: number }) => r.id)).toEqual([second, first]);
    expect((await list('?as=mentor', mentee)).results).toEqual([]);
    expect((await list('?as=mentor&status=pending', m)).results.map((r: { id: number }) => r.id)).toEqual([second]);
    expect((await list('?as=mentee&status=declined', mentee)).results.map((r: { id: number }) => r.id)).toEqual([first]);
    const paged = await list('?limit=1', mentee);
    expect(paged.next).toEqual(expect.any(String));
    expect((await list(`?limit=1&cursor=${paged.next}`, mentee)).results.map((r: { id: number }) => r.id)).toEqual([first]);
    expect((await list('', people.stranger)).results).toEqual([]);
    const bad = await t.app.inject({ url: '/api/mentoring/requests/?status=lost', headers: auth(mentee) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('admin view, counts and account deletion', () => {
  it('GET /api/admin/mentoring/ answers counts, top topics and mentors by load (admins only)', async () => {
    const m = await mentor(2, ['Interviewing']);
    const mentee = await person();
    const id = await t.app
      .inject({
        method: 'POST',
        url: '/api/mentoring/requests/',
        headers: auth(mentee),
        payload: { mentor_id: m.id, topic: 'interviewing', message: 'Mock interview?' },
      })
      .then((r) => r.json<{ id: number }>().id);
    await act(m, id, 'accept');
    const response = await t.app.inject({ url: '/api/admin/mentoring/', headers: auth(people.admin) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.counts.requested).toBeGreaterThan(0);
    expect(body.counts.active).toBeGreaterThan(0);
    expect(body.top_topics).toContainEqual({ topic: 'interviewing', requests: 1, mentors: 1 });
    expect(body.mentors.find((row: { id: number }) => row.id === m.id)).toMatchObject({
      active_count: 1,
      capacity: 2,
      pending_count: 0,
      accepting: true,
      topics: ['Interviewing'],
    });
    expect((await t.app.inject({ url: '/api/admin/mentoring/', headers: auth(people.stranger) })).statusCode).toBe(403);
  });

  it('mentorshipCounts counts the requests made in the period by status', async () => {
    const all = await mentorshipCounts(t.db);
    expect(all.requested).toBe(all.pending + all.active + all.completed + all.declined + all.cancelled);
    expect(await mentorshipCounts(t.db, { from: new Date(Date.now() + 60_000) })).toEqual({
      requested: 0,
      pending: 0,
      active: 0,
      completed: 0,
      declined: 0,
      cancelled: 0,
    });
  });

  it('endMentorshipsOf cancels pending, completes active (freeing the place) and unlists the person', async () => {
    const m = await mentor(2);
    const leaving = await mentor(2);
    const pending = await request(leaving, m);
    const active = await request(await person(), leaving);
    await act(leaving, active, 'accept');
    const asMentee = await request(leaving, await mentor(1));
    const accepted = await act(m, pending, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(await activeCount(m)).toBe(1);
    expect(await endMentorshipsOf(t.db, leaving.id)).toBe(3);
    expect(await activeCount(m)).toBe(0);
    const states = await t.db
      .select({ id: mentorProfiles.userId, isMentor: mentorProfiles.isMentor })
      .from(mentorProfiles)
      .where(and(eq(mentorProfiles.userId, leaving.id)));
    expect(states).toEqual([{ id: leaving.id, isMentor: false }]);
    const list = await t.app.inject({ url: '/api/mentoring/requests/', headers: auth(leaving) });
    const byId = new Map(list.json<{ results: { id: number; status: string }[] }>().results.map((r) => [r.id, r.status]));
    expect(byId.get(pending)).toBe('completed');
    expect(byId.get(active)).toBe('completed');
    expect(byId.get(asMentee)).toBe('cancelled');
  });
});

describe('request and cancel cycles', () => {
  it('e-mail the mentor once within the hour; every in-app notification is kept', async () => {
    const m = await mentor(3);
    const mentee = await person('TR', 'Cyclist');
    // Mentoring e-mails are daily by default: this mentor chose instant ones.
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/social/settings/notifications/',
      headers: auth(m),
      payload: { types: { mentoring: { in_app: true, email: 'instant' } } },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const before = (await emailsTo(t.db, m.email)).length;
    for (let cycle = 0; cycle < 3; cycle += 1) {
      const id = await request(mentee, m);
      expect((await act(mentee, id, 'cancel')).statusCode).toBe(200);
    }
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, m.id), eq(notifications.type, 'mentoring_requested')));
    expect(told).toHaveLength(3);
    expect((await emailsTo(t.db, m.email)).length - before).toBe(2); // the first request and the first cancellation
  });
});
