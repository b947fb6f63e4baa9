import ICAL from 'ical.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createEvent, createTestApp, createUser, insertBulkPeople, type TestApp, type TestUser } from '../../test/index';

let t: TestApp;
let admin: TestUser;
let host: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'AD' });
  // A host who is no (longer an) admin still runs their event.
  host = await createUser(t.db, { role: 'AL' });
  stranger = await createUser(t.db, { role: 'AL' });
});
afterAll(() => t.close());

async function newEvent(values: { capacity?: number | null; title?: string; description?: string } = {}): Promise<number> {
  const row = await createEvent(t.db, {
    title: values.title ?? 'Door night',
    startsAt: new Date('2031-03-04T18:30:00Z'),
    capacity: values.capacity ?? null,
    description: values.description ?? '',
    createdBy: host.id,
  });
  return row.id;
}
async function as(user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const headers = user ? await authHeader(t.app, user) : {};
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}
async function registerAll(eventId: number, people: TestUser[]) {
  for (const person of people) await as(person, 'POST', `/api/events/${eventId}/register/`, {});
}

describe('GET /api/events/{id}/calendar.ics', () => {
  it('is valid RFC 5545 (parsed by ical.js), public, with CRLF lines, folding, escaping and a stable UID', async () => {
    const title = 'Cloud; night, with "quotes" \\ and a backslash';
    const description = `Line one\nLine two, with a comma; and a semicolon. ${'Long text '.repeat(20)}`;
    const eventId = await newEvent({ title, description });
    const response = await as(null, 'GET', `/api/events/${eventId}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="event-${eventId}.ics"`);
    const text = response.body;
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true);
    expect(text).toContain('SUMMARY:Cloud\\; night\\, with "quotes" \\\\ and a backslash');

    const calendar = new ICAL.Component(ICAL.parse(text));
    const [vevent] = calendar.getAllSubcomponents('vevent');
    if (!vevent) throw new Error('no VEVENT');
    const parsed = new ICAL.Event(vevent);
    expect(parsed.summary).toBe(title);
    expect(parsed.description).toBe(description);
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2031-03-04T18:30:00.000Z');
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2031-03-04T20:30:00.000Z');
    expect(parsed.uid).toMatch(new RegExp(`^event-${eventId}@`));

    // The same file again (also for a signed-in caller): same UID, same bytes.
    const again = await as(stranger, 'GET', `/api/events/${eventId}/calendar.ics`);
    expect(again.body).toBe(text);
  });

  it('404s an unknown event and 400s a junk id', async () => {
    expect((await as(null, 'GET', '/api/events/999999/calendar.ics')).json()).toEqual({ detail: 'Event not found.', code: 'not_found' });
    expect((await as(null, 'GET', '/api/events/abc/calendar.ics')).statusCode).toBe(400);
  });
});

describe('attendees, CSV and check-in: who may', () => {
  it('lets the host and admins in; 401 for visitors, 403 for other people, 404 for no such event', async () => {
    const eventId = await newEvent();
    const trainee = await createUser(t.db, { role: 'TR' });
    for (const [method, path, payload] of [
      ['GET', 'attendees/', undefined],
      ['GET', 'attendees.csv', undefined],
      ['POST', 'check-in/', { user_id: stranger.id }],
    ] as const) {
      const url = `/api/events/${eventId}/${path}`;
      expect((await as(null, method, url, payload)).statusCode, url).toBe(401);
      for (const outsider of [stranger, trainee]) {
        const refused = await as(outsider, method, url, payload);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().code).toBe('permission_denied');
      }
      expect((await as(admin, method, `/api/events/999999/${path}`, payload)).statusCode, url).toBe(404);
      expect([200, 404], url).toContain((await as(host, method, url, payload)).statusCode);
      expect([200, 404], url).toContain((await as(admin, method, url, payload)).statusCode);
    }
  });
});

describe('GET /api/events/{id}/attendees/', () => {
  it('lists registered people in arrival order, then the waitlist with positions; searches; pages by cursor', async () => {
    const eventId = await newEvent({ capacity: 3 });
    const crowd = await Promise.all(
      ['Asha', 'Bram', 'Chen', 'Dara', 'Eli'].map((firstName) => createUser(t.db, { firstName, lastName: 'Attendee' })),
    );
    await registerAll(eventId, crowd);
    const page = (await as(host, 'GET', `/api/events/${eventId}/attendees/?limit=2`)).json();
    expect(page.results.map((row: { user: { first_name: string } }) => row.user.first_name)).toEqual(['Asha', 'Bram']);
    expect(page.results[0]).toMatchObject({ status: 'registered', guests: 0, waitlist_position: null, checked_in_at: null });
    const rest = (await as(host, 'GET', `/api/events/${eventId}/attendees/?limit=10&cursor=${page.next}`)).json();
    expect(
      rest.results.map((row: { user: { first_name: string }; status: string; waitlist_position: number | null }) => [
        row.user.first_name,
        row.status,
        row.waitlist_position,
      ]),
    ).toEqual([
      ['Chen', 'registered', null],
      ['Dara', 'waitlisted', 1],
      ['Eli', 'waitlisted', 2],
    ]);
    expect(rest.next).toBeNull();
    const found = (await as(admin, 'GET', `/api/events/${eventId}/attendees/?q=CHE`)).json();
    expect(found.results.map((row: { user: { id: number } }) => row.user.id)).toEqual([crowd[2]?.id]);
    const waitlist = (await as(admin, 'GET', `/api/events/${eventId}/attendees/?status=waitlisted`)).json();
    expect(waitlist.results).toHaveLength(2);
    expect((await as(admin, 'GET', `/api/events/${eventId}/attendees/?cursor=junk`)).json()).toEqual({ cursor: ['Invalid cursor.'] });
  });
});

describe('GET /api/events/{id}/attendees.csv', () => {
  it('exports everyone with a header row, and defuses cells that would run as formulas', async () => {
    const eventId = await newEvent({ capacity: 2 });
    const crowd = [
      await createUser(t.db, { firstName: '=HYPERLINK("http://evil.example","x")', lastName: '+1' }),
      await createUser(t.db, { firstName: '-2', lastName: '@SUM(A1)' }),
      await createUser(t.db, { firstName: 'Plain, "quoted"', lastName: 'Person' }),
    ];
    await registerAll(eventId, crowd);
    const response = await as(host, 'GET', `/api/events/${eventId}/attendees.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="event-${eventId}-attendees.csv"`);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('first_name,last_name,email,status,guests,waitlist_position,registered_at,checked_in_at');
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil.example"",""x""\)",'\+1,user\w+@test\.example,registered,0,,\d{4}-/);
    expect(lines[2]).toMatch(/^'-2,'@SUM\(A1\),/);
    expect(lines[3]).toMatch(/^"Plain, ""quoted""",Person,.*,waitlisted,0,1,/);
    expect(lines.slice(4)).toEqual(['']);
  });

  it('exports a list longer than one read batch (1,200 people), each once, in arrival order', async () => {
    const eventId = await newEvent();
    await insertBulkPeople(t.db, 1_200);
    await t.db.execute(sql`
      insert into event_registrations (event_id, user_id)
      select ${eventId}, id from users where email like 'bulk%@example.com' order by id`);
    const lines = (await as(admin, 'GET', `/api/events/${eventId}/attendees.csv`)).body.trim().split('\r\n');
    expect(lines).toHaveLength(1_201);
    const firstNames = lines.slice(1).map((line) => line.split(',')[0]);
    expect(new Set(firstNames).size).toBe(1_200);
    expect(firstNames.slice(0, 2)).toEqual(['F1', 'F2']);
    expect(firstNames.at(-1)).toBe('F1200');
  });
});

describe('POST /api/events/{id}/check-in/', () => {
  it('checks a registered person in once; 404 for someone not on the list, 409 for the waitlisted; junk 400', async () => {
    const eventId = await newEvent({ capacity: 1 });
    const [guest, waiting, absent] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    await registerAll(eventId, [guest, waiting]);
    const url = `/api/events/${eventId}/check-in/`;
    const first = await as(host, 'POST', url, { user_id: guest.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ user: { id: guest.id }, status: 'registered', checked_in_at: expect.any(String) });
    const again = await as(admin, 'POST', url, { user_id: guest.id });
    expect(again.json().checked_in_at).toBe(first.json().checked_in_at);
    expect((await as(guest, 'GET', `/api/events/${eventId}/`)).json()).toMatchObject({ checked_in_at: first.json().checked_in_at });
    expect((await as(host, 'POST', url, { user_id: absent.id })).json()).toEqual({
      detail: 'This person is not registered for the event.',
      code: 'not_registered',
    });
    const waitlisted = await as(host, 'POST', url, { user_id: waiting.id });
    expect(waitlisted.statusCode).toBe(409);
    expect(waitlisted.json().code).toBe('waitlisted');
    for (const payload of [{}, { user_id: 'x' }, { user_id: -1 }]) expect((await as(host, 'POST', url, payload)).statusCode).toBe(400);
  });
});
