import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations, events } from '../../db/schema/index';
import { authHeader, createEvent, createTestApp, createUser, type TestApp } from '../../test/index';

let t: TestApp;
let people: { id: number; headers: { authorization: string } }[];

beforeAll(async () => {
  t = await createTestApp();
  people = [];
  for (let index = 0; index < 40; index += 1) {
    const user = await createUser(t.db);
    people.push({ id: user.id, headers: await authHeader(t.app, user) });
  }
});
afterAll(() => t.close());

async function newEvent(capacity: number): Promise<number> {
  const row = await createEvent(t.db, { title: 'Hot ticket', startsAt: new Date('2031-01-01T10:00:00Z'), capacity });
  return row.id;
}

/** The stored list in arrival order, and the event's counters. */
async function stored(eventId: number) {
  const rows = await t.db
    .select({ userId: eventRegistrations.userId, status: eventRegistrations.status, guests: eventRegistrations.guests })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(asc(eventRegistrations.arrival));
  const [counters] = await t.db
    .select({ registrations: events.registrationsCount, seats: events.seatsTaken, waitlist: events.waitlistCount })
    .from(events)
    .where(eq(events.id, eventId));
  return { rows, counters };
}

type Answer = { status: string; waitlist_position: number | null };

describe(`simultaneous registrations (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('30 people at once for 10 places: exactly 10 registered, 20 waitlisted in arrival order', async () => {
    const eventId = await newEvent(10);
    const crowd = people.slice(0, 30);
    const responses = await Promise.all(
      crowd.map((person) =>
        t.app.inject({ method: 'POST', url: `/api/events/${eventId}/register/`, headers: person.headers, payload: { guests: 0 } }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
    const answers = new Map(crowd.map((person, index) => [person.id, responses[index]?.json<Answer>()]));
    const { rows, counters } = await stored(eventId);
    expect(counters).toEqual({ registrations: 10, seats: 10, waitlist: 20 });
    // The first 10 to reach the event's lock hold the places; everyone after waits, in that order.
    expect(rows.map((row) => row.status)).toEqual([...Array(10).fill('registered'), ...Array(20).fill('waitlisted')]);
    rows.forEach((row, index) => {
      expect(answers.get(row.userId)).toEqual(
        index < 10
          ? expect.objectContaining({ status: 'registered', waitlist_position: null })
          : expect.objectContaining({ status: 'waitlisted', waitlist_position: index - 9 }),
      );
    });
  });

  it('simultaneous cancellations promote exactly as many waitlisted people, first in line first', async () => {
    const eventId = await newEvent(10);
    for (const person of people.slice(0, 25)) {
      await t.app.inject({ method: 'POST', url: `/api/events/${eventId}/register/`, headers: person.headers });
    }
    const before = await stored(eventId);
    const leaving = people.slice(0, 6);
    // Six registered people leave while five newcomers register and the same people click twice.
    await Promise.all([
      ...leaving.flatMap((person) =>
        [0, 1].map(() => t.app.inject({ method: 'DELETE', url: `/api/events/${eventId}/register/`, headers: person.headers })),
      ),
      ...people
        .slice(30, 35)
        .map((person) => t.app.inject({ method: 'POST', url: `/api/events/${eventId}/register/`, headers: person.headers })),
    ]);
    const after = await stored(eventId);
    const promoted = before.rows
      .filter((row) => row.status === 'waitlisted')
      .slice(0, 6)
      .map((row) => row.userId);
    const registered = after.rows.filter((row) => row.status === 'registered').map((row) => row.userId);
    expect(registered).toHaveLength(10);
    expect(registered).toEqual(expect.arrayContaining(promoted));
    // The newcomers joined behind everyone who already waited.
    expect(
      after.rows
        .slice(-5)
        .map((row) => row.userId)
        .sort(),
    ).toEqual(
      people
        .slice(30, 35)
        .map((person) => person.id)
        .sort(),
    );
    expect(after.counters).toEqual({ registrations: 10, seats: 10, waitlist: after.rows.length - 10 });
  });

  it('never overfills with parties of different sizes arriving together', async () => {
    const eventId = await newEvent(12);
    const responses = await Promise.all(
      people.slice(0, 30).map((person, index) =>
        t.app.inject({
          method: 'POST',
          url: `/api/events/${eventId}/register/`,
          headers: person.headers,
          payload: { guests: index % 4 },
        }),
      ),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const { rows, counters } = await stored(eventId);
    const registered = rows.filter((row) => row.status === 'registered');
    const seats = registered.reduce((sum, row) => sum + 1 + row.guests, 0);
    expect(seats).toBeLessThanOrEqual(12);
    expect(counters).toEqual({ registrations: registered.length, seats, waitlist: rows.length - registered.length });
    // First come, first served: once someone waits, nobody behind them got a place.
    const firstWaiting = rows.findIndex((row) => row.status === 'waitlisted');
    expect(rows.slice(firstWaiting).every((row) => row.status === 'waitlisted')).toBe(true);
  });
});
