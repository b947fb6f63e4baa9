import { beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createEvent, useTestApp, createUser, type TestUser } from '../../test/index';

const t = useTestApp();
let admin: TestUser;

beforeAll(async () => {
  admin = await createUser(t.db, { role: 'AD' });
});

async function newEvent(capacity: number | null): Promise<number> {
  const row = await createEvent(t.db, { title: 'Capped meetup', startsAt: new Date('2031-01-01T10:00:00Z'), capacity });
  return row.id;
}
async function register(user: TestUser, eventId: number, payload?: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/register/`,
    headers: await authHeader(t.app, user),
    ...(payload === undefined ? {} : { payload }),
  });
}
async function cancel(user: TestUser, eventId: number) {
  return t.app.inject({ method: 'DELETE', url: `/api/events/${eventId}/register/`, headers: await authHeader(t.app, user) });
}
async function eventAs(user: TestUser | null, eventId: number) {
  const headers = user ? await authHeader(t.app, user) : {};
  return (await t.app.inject({ url: `/api/events/${eventId}/`, headers })).json();
}
async function notificationsOf(user: TestUser) {
  return (await t.app.inject({ url: '/social/notifications/', headers: await authHeader(t.app, user) })).json().results;
}
const people = (n: number) => Promise.all(Array.from({ length: n }, () => createUser(t.db)));

describe('capacity on create and update (admin)', () => {
  it('takes a capacity of at least 1, or null for unlimited, in JSON and multipart', async () => {
    const headers = await authHeader(t.app, admin);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/events/',
      headers,
      payload: { title: 'Small room', starts_at: '2031-02-01T10:00:00Z', capacity: 12 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ capacity: 12, spots_left: 12, waitlist_count: 0, registrations_count: 0, my_status: null });
    for (const capacity of [0, -3, 1.5, 'many', 100_001]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/events/',
        headers,
        payload: { title: 'Bad', starts_at: '2031-02-01T10:00:00Z', capacity },
      });
      expect(refused.statusCode, String(capacity)).toBe(400);
      expect(Object.keys(refused.json())).toEqual(['capacity']);
    }
    const unlimited = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${created.json().id}/`,
      headers,
      payload: { capacity: null },
    });
    expect(unlimited.json()).toMatchObject({ capacity: null, spots_left: null });
    const boundary = '----capacity';
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/events/',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: ['title', 'Form event', 'starts_at', '2031-02-01T10:00:00Z', 'capacity', '7']
        .reduce<string[]>(
          (parts, value, index, all) =>
            index % 2 === 0
              ? [...parts, `--${boundary}\r\nContent-Disposition: form-data; name="${value}"\r\n\r\n${all[index + 1]}\r\n`]
              : parts,
          [],
        )
        .join('')
        .concat(`--${boundary}--\r\n`),
    });
    expect(multipart.statusCode).toBe(201);
    expect(multipart.json()).toMatchObject({ capacity: 7, spots_left: 7 });
  });

  it('refuses capacity changes from anyone but an admin', async () => {
    const eventId = await newEvent(5);
    const alumnus = await createUser(t.db, { role: 'AL' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${eventId}/`,
      headers: await authHeader(t.app, alumnus),
      payload: { capacity: 50 },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('registering with guests and the waitlist', () => {
  it('counts guests toward capacity, then waitlists with a visible position', async () => {
    const eventId = await newEvent(5);
    const [ana, ben, cleo, dev] = await people(4);
    if (!ana || !ben || !cleo || !dev) throw new Error('no people');
    expect((await register(ana, eventId, { guests: 2 })).json()).toEqual({
      registered: true,
      status: 'registered',
      waitlist_position: null,
      registrations_count: 1,
      waitlist_count: 0,
      spots_left: 2,
    });
    // Ben's party of 3 does not fit the 2 places left: he waits.
    expect((await register(ben, eventId, { guests: 2 })).json()).toMatchObject({
      status: 'waitlisted',
      waitlist_position: 1,
      spots_left: 2,
    });
    // Cleo alone would fit, but Ben is first in line: she waits behind him.
    expect((await register(cleo, eventId, {})).json()).toMatchObject({ status: 'waitlisted', waitlist_position: 2, waitlist_count: 2 });
    // Registering again is idempotent (place and guests kept).
    expect((await register(cleo, eventId, { guests: 5 })).json()).toMatchObject({ status: 'waitlisted', waitlist_position: 2 });
    expect(await eventAs(cleo, eventId)).toMatchObject({
      capacity: 5,
      registrations_count: 1,
      waitlist_count: 2,
      spots_left: 2,
      registered: false,
      my_status: 'waitlisted',
      waitlist_position: 2,
      my_guests: 0,
      can_manage: false,
    });
    expect(await eventAs(ana, eventId)).toMatchObject({ registered: true, my_status: 'registered', waitlist_position: null, my_guests: 2 });
    expect(await eventAs(null, eventId)).toMatchObject({ my_status: null, waitlist_position: null, spots_left: 2, can_manage: false });
    expect(await eventAs(dev, eventId)).toMatchObject({ my_status: null, waitlist_position: null, my_guests: null });
  });

  it('refuses 6 guests, negative or junk guests with field errors', async () => {
    const eventId = await newEvent(null);
    const [person] = await people(1);
    if (!person) throw new Error('no person');
    for (const guests of [6, -1, 1.5, 'two', null]) {
      const response = await register(person, eventId, { guests });
      expect(response.statusCode, String(guests)).toBe(400);
      expect(Object.keys(response.json())).toEqual(['guests']);
    }
    expect((await register(person, eventId, { guests: 5 })).json()).toMatchObject({ status: 'registered', spots_left: null });
  });

  it('a cancellation promotes the first waitlisted people in arrival order, who are told at once', async () => {
    const eventId = await newEvent(2);
    const [a, b, c, d, e] = await people(5);
    if (!a || !b || !c || !d || !e) throw new Error('no people');
    for (const person of [a, b, c, d, e]) await register(person, eventId);
    expect((await eventAs(e, eventId)).waitlist_position).toBe(3);
    // A waitlisted person leaving moves the others up; nobody is promoted.
    expect((await cancel(d, eventId)).json()).toMatchObject({ registered: false, status: null, waitlist_count: 2 });
    expect((await eventAs(e, eventId)).waitlist_position).toBe(2);
    expect(await notificationsOf(c)).toEqual([]);
    // A registered person leaving frees a place for c, the head of the line.
    expect((await cancel(a, eventId)).json()).toMatchObject({ registrations_count: 2, waitlist_count: 1, spots_left: 0 });
    expect(await eventAs(c, eventId)).toMatchObject({ my_status: 'registered', registered: true });
    expect(await eventAs(e, eventId)).toMatchObject({ my_status: 'waitlisted', waitlist_position: 1 });
    const [told] = await notificationsOf(c);
    expect(told).toMatchObject({
      type: 'event_promoted',
      read: false,
      actor: null,
      text: 'A place opened up: you are now registered for Capped meetup.',
    });
    expect(await notificationsOf(e)).toEqual([]);
    // Cancelling twice is harmless.
    expect((await cancel(a, eventId)).statusCode).toBe(200);
    expect(await eventAs(e, eventId)).toMatchObject({ my_status: 'waitlisted', registrations_count: 2 });
  });

  it('a party that does not fit stays first in line; a capacity increase promotes whoever now fits', async () => {
    const eventId = await newEvent(2);
    const [a, b, c] = await people(3);
    if (!a || !b || !c) throw new Error('no people');
    await register(a, eventId, { guests: 1 });
    await register(b, eventId, { guests: 2 });
    await register(c, eventId);
    await cancel(a, eventId);
    // Two places free, b's party of 3 does not fit, so c (behind b) is not promoted either.
    expect(await eventAs(b, eventId)).toMatchObject({ my_status: 'waitlisted', waitlist_position: 1, spots_left: 2 });
    expect(await eventAs(c, eventId)).toMatchObject({ my_status: 'waitlisted', waitlist_position: 2 });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${eventId}/`,
      headers: await authHeader(t.app, admin),
      payload: { capacity: 4 },
    });
    expect(patched.json()).toMatchObject({ capacity: 4, registrations_count: 2, waitlist_count: 0, spots_left: 0 });
    expect((await notificationsOf(b))[0]).toMatchObject({ type: 'event_promoted' });
    expect((await notificationsOf(c))[0]).toMatchObject({ type: 'event_promoted' });
    // A smaller capacity removes nobody.
    const cut = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${eventId}/`,
      headers: await authHeader(t.app, admin),
      payload: { capacity: 1 },
    });
    expect(cut.json()).toMatchObject({ capacity: 1, registrations_count: 2, spots_left: 0 });
  });

  it('registering when full answers waitlisted with position 1', async () => {
    const eventId = await newEvent(1);
    const [a, b] = await people(2);
    if (!a || !b) throw new Error('no people');
    expect((await register(a, eventId)).json().status).toBe('registered');
    expect((await register(b, eventId)).json()).toMatchObject({
      registered: false,
      status: 'waitlisted',
      waitlist_position: 1,
      spots_left: 0,
    });
  });
});
