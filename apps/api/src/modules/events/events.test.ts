import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index';
import { authHeader, createEvent, createEventRegistration, createTestApp, createUser, type TestApp } from '../../test/index';

let t: TestApp;
const base = Date.UTC(2030, 0, 1);
const day = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  await createEvent(t.db, {
    title: 'Cloud Fundamentals Workshop',
    category: 'Workshop',
    host: 'DevOps',
    startsAt: new Date(base + 3 * day),
    image: 'events/cloud.webp',
  });
  await createEvent(t.db, {
    title: 'Full-Stack Career Meetup',
    category: 'Networking',
    host: 'Alumni',
    startsAt: new Date(base + 1 * day),
  });
  await createEvent(t.db, { title: 'Design Critique Night', category: 'UI/UX', host: 'Design', startsAt: new Date(base + 2 * day) });
  await createEvent(t.db, { title: '100% Remote Jobs Q&A', category: 'Careers_Talk', host: 'Career', startsAt: new Date(base + 4 * day) });
});
afterAll(() => t.close());

type EventBody = { title: string; date: string; image: string | null; registered: boolean };
const titles = (body: { results: EventBody[] }) => body.results.map((event) => event.title);

describe('GET /api/events/', () => {
  it('lists events by date with the contract shape', async () => {
    const response = await t.app.inject({ url: '/api/events/' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(titles(body)).toEqual([
      'Full-Stack Career Meetup',
      'Design Critique Night',
      'Cloud Fundamentals Workshop',
      '100% Remote Jobs Q&A',
    ]);
    expect(body.next).toBeNull();
    const cloud = body.results[2];
    expect(cloud).toMatchObject({
      date: new Date(base + 3 * day).toISOString(),
      host: 'DevOps',
      category: 'Workshop',
      image: '/media/events/cloud.webp',
      registrations_count: 0,
      registered: false,
    });
    expect(body.results[0].image).toBeNull();
  });

  it('filters by title or category, case-insensitively', async () => {
    const byTitle = await t.app.inject({ url: '/api/events/?q=cLoUd' });
    expect(titles(byTitle.json())).toEqual(['Cloud Fundamentals Workshop']);
    const byCategory = await t.app.inject({ url: '/api/events/?q=networking' });
    expect(titles(byCategory.json())).toEqual(['Full-Stack Career Meetup']);
    const both = await t.app.inject({ url: '/api/events/?q=CAREER' });
    expect(titles(both.json())).toEqual(['Full-Stack Career Meetup', '100% Remote Jobs Q&A']);
    const none = await t.app.inject({ url: '/api/events/?q=gardening' });
    expect(none.json()).toEqual({ results: [], next: null });
  });

  it('matches % and _ literally', async () => {
    expect(titles((await t.app.inject({ url: '/api/events/?q=%25' })).json())).toEqual(['100% Remote Jobs Q&A']);
    expect(titles((await t.app.inject({ url: '/api/events/?q=s_t' })).json())).toEqual(['100% Remote Jobs Q&A']);
    // Unescaped, "_" would match the "-" of "Full-Stack".
    expect(titles((await t.app.inject({ url: '/api/events/?q=full_stack' })).json())).toEqual([]);
  });

  it('paginates with an opaque cursor', async () => {
    const first = (await t.app.inject({ url: '/api/events/?limit=3' })).json();
    expect(first.results).toHaveLength(3);
    expect(typeof first.next).toBe('string');
    const second = (await t.app.inject({ url: `/api/events/?limit=3&cursor=${first.next}` })).json();
    expect(titles(second)).toEqual(['100% Remote Jobs Q&A']);
    expect(second.next).toBeNull();
  });

  it('rejects a bad cursor or limit with field errors', async () => {
    const badCursor = await t.app.inject({ url: '/api/events/?cursor=not-a-cursor' });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toEqual({ cursor: ['Invalid cursor.'] });
    const badLimit = await t.app.inject({ url: '/api/events/?limit=1000' });
    expect(badLimit.statusCode).toBe(400);
    expect(Object.keys(badLimit.json())).toEqual(['limit']);
  });
});

describe('registered flag and detail', () => {
  it('is true for a signed-in caller who registered, false for others and visitors', async () => {
    const [cloud] = await t.db.select().from(events).where(eq(events.title, 'Cloud Fundamentals Workshop'));
    if (!cloud) throw new Error('seed missing');
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    await createEventRegistration(t.db, { eventId: cloud.id, userId: member.id });

    const registeredOf = (body: { results: (EventBody & { id: number })[] }) =>
      body.results.find((event) => event.id === cloud.id)?.registered;
    const asMember = await t.app.inject({ url: '/api/events/?q=cloud', headers: await authHeader(t.app, member) });
    expect(registeredOf(asMember.json())).toBe(true);
    const asOther = await t.app.inject({ url: '/api/events/?q=cloud', headers: await authHeader(t.app, other) });
    expect(registeredOf(asOther.json())).toBe(false);
    expect(registeredOf((await t.app.inject({ url: '/api/events/?q=cloud' })).json())).toBe(false);

    const detail = await t.app.inject({ url: `/api/events/${cloud.id}/`, headers: await authHeader(t.app, member) });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: cloud.id, title: 'Cloud Fundamentals Workshop', registered: true });
    expect((await t.app.inject({ url: `/api/events/${cloud.id}/` })).json().registered).toBe(false);
  });

  it('answers 401 for a bad token (so the client refreshes) and 404 for an unknown event', async () => {
    const bad = await t.app.inject({ url: '/api/events/', headers: { authorization: 'Bearer nonsense' } });
    expect(bad.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/events/999999/' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/events/abc/' })).statusCode).toBe(400);
  });
});

describe('upcoming filter', () => {
  it('keeps only events that have not started with upcoming=true', async () => {
    await createEvent(t.db, { title: 'Yesterday Talk', category: 'Past', startsAt: new Date(Date.now() - day) });
    const all = (await t.app.inject({ url: '/api/events/?q=yesterday' })).json();
    expect(titles(all)).toEqual(['Yesterday Talk']);
    const upcoming = (await t.app.inject({ url: '/api/events/?q=yesterday&upcoming=true' })).json();
    expect(titles(upcoming)).toEqual([]);
    expect(titles((await t.app.inject({ url: '/api/events/?upcoming=true&limit=1' })).json())).toEqual(['Full-Stack Career Meetup']);
    expect((await t.app.inject({ url: '/api/events/?upcoming=maybe' })).statusCode).toBe(400);
  });
});
