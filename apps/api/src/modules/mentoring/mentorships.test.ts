import { MENTORING_MESSAGES } from '@alumlink/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentorProfiles, notifications } from '../../db/schema/index';
import { authHeader, createTestApp, createUser, emailsTo, type TestApp, type TestUser } from '../../test/index';
import { endMentorshipsOf, mentorshipCounts } from './index';

let t: TestApp;
let admin: TestUser;
let stranger: TestUser;
const headers = new Map<number, { authorization: string }>();
const auth = (user: TestUser) => headers.get(user.id) ?? {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 100 });
  admin = await createUser(t.db, { role: 'AD' });
  stranger = await createUser(t.db, { role: 'IN' });
  for (const user of [admin, stranger]) headers.set(user.id, await authHeader(t.app, user));
});
afterAll(() => t.close());

async function person(role: 'AL' | 'TR' | 'IN' = 'TR', firstName = 'Test') {
  const user = await createUser(t.db, { role, firstName });
  headers.set(user.id, await authHeader(t.app, user));
  return user;
}

async function mentor(capacity = 2, topics = ['React']) {
  const user = await person('AL', 'Mentor');
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/mentoring/profile/',
    headers: auth(user),
    payload: { is_mentor: true, topics, capacity },
  });
  expect(response.statusCode).toBe(200);
  return user;
}

const ask = (mentee: TestUser, mentorId: number, overrides: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/mentoring/requests/',
    headers: auth(mentee),
    payload: { mentor_id: mentorId, topic: 'React', message: 'Could you help me?', ...overrides },
  });

async function request(mentee: TestUser, mentorUser: TestUser): Promise<number> {
  const response = await ask(mentee, mentorUser.id);
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

const act = (user: TestUser, id: number, action: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/mentoring/requests/${id}/${action}/`, headers: auth(user), ...(payload ? { payload } : {}) });

const activeCount = async (user: TestUser) =>
  (await t.db.select({ n: mentorProfiles.activeCount }).from(mentorProfiles).where(eq(mentorProfiles.userId, user.id)))[0]?.n;

const notificationsOf = (user: TestUser) => t.db.select().from(notifications).where(eq(notifications.userId, user.id));

describe('POST /api/mentoring/requests/', () => {
  it('creates a pending request and notifies the mentor', async () => {
    const m = await mentor();
    const mentee = await person('TR', 'Tara');
    const response = await ask(mentee, m.id, { topic: '  React  ', message: ' Hi! ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'pending',
      topic: 'React',
      message: 'Hi!',
      decline_reason: null,
      conversation_id: null,
      mentor: { id: m.id },
      mentee: { id: mentee.id },
    });
    const [note] = await notificationsOf(m);
    expect(note).toMatchObject({
      type: 'mentoring_requested',
      actorId: mentee.id,
      text: expect.stringContaining('asked you for mentoring on React'),
    });
  });

  it('refuses yourself (400), a non-mentor (404), a paused or full mentor (409 mentor_unavailable) and a second open request (409)', async () => {
    const m = await mentor(1);
    const mentee = await person();
    expect((await ask(m, m.id)).json()).toEqual({ mentor_id: [MENTORING_MESSAGES.notYourself] });
    expect((await ask(mentee, stranger.id)).statusCode).toBe(404);
    expect((await ask(mentee, 999_999)).statusCode).toBe(404);
    const id = await request(mentee, m);
    const again = await ask(mentee, m.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_requested');
    expect((await act(m, id, 'accept')).statusCode).toBe(200);
    const full = await ask(await person(), m.id);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ detail: MENTORING_MESSAGES.mentorUnavailable, code: 'mentor_unavailable' });
    const paused = await mentor();
    await t.app.inject({ method: 'PUT', url: '/api/mentoring/profile/', headers: auth(paused), payload: { accepting: false } });
    expect((await ask(mentee, paused.id)).json().code).toBe('mentor_unavailable');
  });

  it.each([
    ['no body', undefined],
    ['mentor_id missing', { topic: 'x', message: 'y' }],
    ['a blank message', { mentor_id: 1, topic: 'x', message: '  ' }],
    ['a long topic', { mentor_id: 1, topic: 'x'.repeat(41), message: 'y' }],
    ['mentor_id text', { mentor_id: 'abc', topic: 'x', message: 'y' }],
  ])('answers 400 for %s', async (_label, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/mentoring/requests/',
      headers: auth(stranger),
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('transitions', () => {
  it('accept: the mentor only; opens the conversation (reused when the pair has one), counts the mentee, notifies', async () => {
    const m = await mentor();
    const mentee = await person();
    const id = await request(mentee, m);
    expect((await act(mentee, id, 'accept')).statusCode).toBe(403);
    expect((await act(stranger, id, 'accept')).statusCode).toBe(404);
    const accepted = await act(m, id, 'accept');
    expect(accepted.statusCode).toBe(200);
    const { conversation_id: conversationId, status } = accepted.json();
    expect(status).toBe('active');
    expect(conversationId).toEqual(expect.any(Number));
    expect(await activeCount(m)).toBe(1);
    const menteeMessages = await t.app.inject({ url: `/social/conversations/${conversationId}/messages/`, headers: auth(mentee) });
    expect(menteeMessages.statusCode).toBe(200);
    const [note] = await notificationsOf(mentee);
    expect(note).toMatchObject({ type: 'mentoring_accepted', conversationId });
    expect((await act(m, id, 'accept')).json().code).toBe('invalid_transition');
    // Complete, then ask again: the same conversation comes back.
    expect((await act(mentee, id, 'complete')).json()).toMatchObject({ status: 'completed' });
    expect(await activeCount(m)).toBe(0);
    const second = await request(mentee, m);
    expect((await act(m, second, 'accept')).json().conversation_id).toBe(conversationId);
  });

  it('decline: the mentor only, with an optional reason, from pending only', async () => {
    const m = await mentor();
    const mentee = await person();
    const id = await request(mentee, m);
    expect((await act(mentee, id, 'decline', {})).statusCode).toBe(403);
    const declined = await act(m, id, 'decline', { reason: '  Fully booked this month ' });
    expect(declined.json()).toMatchObject({ status: 'declined', decline_reason: 'Fully booked this month' });
    const notes = await notificationsOf(mentee);
    expect(notes.find((n) => n.type === 'mentoring_declined')).toMatchObject({ reason: 'Fully booked this month' });
    expect((await act(m, id, 'decline', {})).statusCode).toBe(409);
    expect((await act(m, id, 'accept')).statusCode).toBe(409);
    const other = await request(mentee, m);
    expect((await act(m, other, 'decline')).json()).toMatchObject({ status: 'declined', decline_reason: null });
    expect((await act(m, other, 'decline', { reason: 'x'.repeat(501) })).statusCode).toBe(400);
  });

  it('cancel: the mentee only, while pending; complete: either side, while active', async () => {
    const m = await mentor();
    const mentee = await person();
    const id = await request(mentee, m);
    expect((await act(m, id, 'cancel')).statusCode).toBe(403);
    expect((await act(mentee, id, 'complete')).statusCode).toBe(409);
    expect((await act(mentee, id, 'cancel')).json()).toMatchObject({ status: 'cancelled' });
    expect((await notificationsOf(m)).some((n) => n.type === 'mentoring_cancelled')).toBe(true);
    expect((await act(mentee, id, 'cancel')).statusCode).toBe(409);
    const active = await request(mentee, m);
    await act(m, active, 'accept');
    expect((await act(mentee, active, 'cancel')).statusCode).toBe(409);
    expect((await act(stranger, active, 'complete')).statusCode).toBe(404);
    expect((await act(admin, active, 'complete')).statusCode).toBe(403);
    expect((await act(m, active, 'complete')).json()).toMatchObject({ status: 'completed' });
    expect((await notificationsOf(mentee)).some((n) => n.type === 'mentoring_completed')).toBe(true);
    expect((await act(m, active, 'complete')).statusCode).toBe(409);
  });

  it('accept answers 409 mentor_full when the places are taken', async () => {
    const m = await mentor(1);
    const [a, b] = [await person(), await person()];
    const first = await request(a, m);
    const second = await request(b, m);
    expect((await act(m, first, 'accept')).statusCode).toBe(200);
    const full = await act(m, second, 'accept');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ detail: MENTORING_MESSAGES.full, code: 'mentor_full' });
  });

  it('e-mails the other person at once (mentoring e-mails are instant by default)', async () => {
    const m = await mentor();
    const mentee = await person();
    await request(mentee, m);
    const [mail] = await emailsTo(t.db, m.email);
    expect(mail?.subject).toContain('asked you for mentoring on React');
    expect(await emailsTo(t.db, mentee.email)).toEqual([]);
  });
});

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
    expect((await list('', stranger)).results).toEqual([]);
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
    const response = await t.app.inject({ url: '/api/admin/mentoring/', headers: auth(admin) });
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
    expect((await t.app.inject({ url: '/api/admin/mentoring/', headers: auth(stranger) })).statusCode).toBe(403);
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
