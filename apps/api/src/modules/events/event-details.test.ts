import ICAL from 'ical.js';
import { EVENT_MESSAGES, type EventGoingPage } from '@alumlink/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createEvent, createEventRegistration, createTestApp, createUser, type TestApp, type TestUser } from '../../test/index';

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'AD' });
  member = await createUser(t.db, { role: 'AL' });
});
afterAll(() => t.close());

async function as(user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) {
  const headers = user ? await authHeader(t.app, user) : {};
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const meetUp = {
  title: 'Fjord meet-up',
  starts_at: '2031-05-01T17:00:00+02:00',
  ends_at: '2031-05-01T19:30:00+02:00',
  time_zone: 'Europe/Oslo',
  venue: 'Kaigaten 4, Bergen',
  description: 'Talks, then dinner.',
};

describe('an event has a venue, an end time and a time zone', () => {
  it('is created with them and answers them; the calendar file uses the end and the venue', async () => {
    const created = await as(admin, 'POST', '/api/events/', meetUp);
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json<{ id: number }>();
    expect(event).toMatchObject({ ends_at: '2031-05-01T17:30:00.000Z', time_zone: 'Europe/Oslo', venue: 'Kaigaten 4, Bergen' });
    expect((await as(null, 'GET', `/api/events/${event.id}/`)).json()).toMatchObject({ venue: 'Kaigaten 4, Bergen' });

    const ics = (await as(null, 'GET', `/api/events/${event.id}/calendar.ics`)).body;
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT');
    const parsed = new ICAL.Event(vevent);
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2031-05-01T17:30:00.000Z');
    expect(parsed.location).toBe('Kaigaten 4, Bergen');
  });

  it('refuses an end before the start and a time zone that is not an IANA name', async () => {
    const early = await as(admin, 'POST', '/api/events/', { ...meetUp, ends_at: '2031-05-01T16:00:00+02:00' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ ends_at: [EVENT_MESSAGES.endsBeforeStart] });
    for (const zone of ['Mars/Olympus', 'GMT+2', 'Europe/Oslo; drop', '']) {
      const bad = await as(admin, 'POST', '/api/events/', { ...meetUp, time_zone: zone });
      expect(bad.statusCode, zone).toBe(400);
      expect(bad.json<Record<string, string[]>>().time_zone, zone).toEqual([EVENT_MESSAGES.invalidTimeZone]);
    }
  });

  it('checks a changed start or end against the stored other one', async () => {
    const { id } = (await as(admin, 'POST', '/api/events/', meetUp)).json<{ id: number }>();
    const lateStart = await as(admin, 'PATCH', `/api/events/${id}/`, { starts_at: '2031-05-01T20:00:00+02:00' });
    expect(lateStart.statusCode).toBe(400);
    expect(lateStart.json()).toEqual({ ends_at: [EVENT_MESSAGES.endsBeforeStart] });
    const moved = await as(admin, 'PATCH', `/api/events/${id}/`, { ends_at: '2031-05-01T22:00:00+02:00', venue: 'Online' });
    expect(moved.json()).toMatchObject({ ends_at: '2031-05-01T20:00:00.000Z', venue: 'Online' });
  });
});

describe('GET /api/events/{id}/going/', () => {
  it('names who is going to signed-in members, page by page, and only counts people hidden from the directory', async () => {
    const event = await createEvent(t.db, { title: 'Going night', createdBy: admin.id });
    const people: TestUser[] = [];
    for (const firstName of ['Ada', 'Bo', 'Cy', 'Dee']) {
      const person = await createUser(t.db, { role: 'AL', firstName });
      await createEventRegistration(t.db, { eventId: event.id, userId: person.id });
      people.push(person);
    }
    const [, unlisted, privateOne] = people as [TestUser, TestUser, TestUser, TestUser];
    expect((await as(unlisted, 'PUT', '/social/settings/', { listed_in_directory: false })).statusCode).toBe(200);
    expect((await as(privateOne, 'PUT', '/social/settings/', { profile_visibility: 'Private' })).statusCode).toBe(200);
    const waiting = await createUser(t.db, { role: 'AL', firstName: 'Wait' });
    await createEventRegistration(t.db, { eventId: event.id, userId: waiting.id, status: 'waitlisted' });

    expect((await as(null, 'GET', `/api/events/${event.id}/going/`)).statusCode).toBe(401);
    expect((await as(member, 'GET', '/api/events/999999/going/')).statusCode).toBe(404);

    const first = (await as(member, 'GET', `/api/events/${event.id}/going/?limit=1`)).json<EventGoingPage>();
    expect(first).toMatchObject({ count: 4, unnamed: 2 });
    expect(first.results.map((person) => person.first_name)).toEqual(['Ada']);
    const second = (await as(member, 'GET', `/api/events/${event.id}/going/?limit=1&cursor=${first.next}`)).json<EventGoingPage>();
    expect(second.results.map((person) => person.first_name)).toEqual(['Dee']);
    expect(second.next).toBeNull();

    // People see themselves named; the directory's rules hide the others from them too.
    const own = (await as(unlisted, 'GET', `/api/events/${event.id}/going/`)).json<EventGoingPage>();
    expect(own.results.map((person) => person.first_name)).toEqual(['Ada', 'Bo', 'Dee']);
    expect(own.unnamed).toBe(1);
  });
});
