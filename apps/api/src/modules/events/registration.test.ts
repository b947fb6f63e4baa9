import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations, events } from '../../db/schema/index';
import { authHeader, createEvent, createTestApp, createUser, type TestApp, type TestUser } from '../../test/index';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newEvent(): Promise<number> {
  const row = await createEvent(t.db, { title: 'Meetup', startsAt: new Date('2031-01-01T10:00:00Z') });
  return row.id;
}
async function call(user: TestUser, method: 'POST' | 'DELETE', eventId: number) {
  return t.app.inject({ method, url: `/api/events/${eventId}/register/`, headers: await authHeader(t.app, user) });
}
async function storedCount(eventId: number) {
  const [row] = await t.db.select({ count: events.registrationsCount }).from(events).where(eq(events.id, eventId));
  const rows = await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));
  return { counter: row?.count, rows: rows.length };
}

describe('event registration', () => {
  it('registers, is idempotent, and unregisters', async () => {
    const eventId = await newEvent();
    const [ana, ben] = [await createUser(t.db), await createUser(t.db)];
    expect((await call(ana, 'POST', eventId)).json()).toMatchObject({ registered: true, registrations_count: 1 });
    expect((await call(ana, 'POST', eventId)).json()).toMatchObject({ registered: true, registrations_count: 1 });
    expect((await call(ben, 'POST', eventId)).json()).toMatchObject({ registered: true, registrations_count: 2 });
    expect((await call(ana, 'DELETE', eventId)).json()).toMatchObject({ registered: false, registrations_count: 1 });
    expect((await call(ana, 'DELETE', eventId)).json()).toMatchObject({ registered: false, registrations_count: 1 });
    expect(await storedCount(eventId)).toEqual({ counter: 1, rows: 1 });
    const [left] = await t.db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, ben.id)));
    expect(left).toBeDefined();
  });

  it('counts one person once under 10 concurrent clicks, and many people exactly', async () => {
    const eventId = await newEvent();
    const clicker = await createUser(t.db);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(clicker, 'POST', eventId)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.every((answer) => answer.json().registered === true)).toBe(true);
    expect(await storedCount(eventId)).toEqual({ counter: 1, rows: 1 });

    const crowd = await Promise.all(Array.from({ length: 8 }, () => createUser(t.db)));
    await Promise.all(crowd.flatMap((person) => [call(person, 'POST', eventId), call(person, 'POST', eventId)]));
    expect(await storedCount(eventId)).toEqual({ counter: 9, rows: 9 });
    await Promise.all(crowd.slice(0, 4).flatMap((person) => [call(person, 'DELETE', eventId), call(person, 'DELETE', eventId)]));
    expect(await storedCount(eventId)).toEqual({ counter: 5, rows: 5 });
  });

  it('accepts an empty JSON body, needs a signed-in caller, and 404s an unknown event', async () => {
    const eventId = await newEvent();
    const user = await createUser(t.db);
    const withEmptyJson = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/register/`,
      headers: { ...(await authHeader(t.app, user)), 'content-type': 'application/json' },
      payload: '',
    });
    expect(withEmptyJson.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/events/${eventId}/register/` })).statusCode).toBe(401);
    const unknown = await call(user, 'POST', 999999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Event not found.', code: 'not_found' });
    expect((await call(user, 'DELETE', 999999)).statusCode).toBe(404);
  });
});
