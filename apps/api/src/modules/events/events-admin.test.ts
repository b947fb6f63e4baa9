import { beforeAll, describe, expect, it } from 'vitest';
import { authHeader, useTestApp, createUser, type TestUser } from '../../test/index';
import { multipartBody, sampleImage } from '../../test/uploads';
import { EVENT_UNKNOWN_SPACE } from './events.service';

const t = useTestApp();
let admin: TestUser;
let alumnus: TestUser;

beforeAll(async () => {
  admin = await createUser(t.db, { role: 'AD' });
  alumnus = await createUser(t.db, { role: 'AL' });
});

const newEvent = {
  title: '  Cloud Night ',
  starts_at: '2031-05-01T17:00:00Z',
  host: 'DevOps',
  category: 'Workshop',
  description: 'Bring a laptop.',
};

describe('POST /api/events/', () => {
  it('answers 400 (not 500) for a community_id that names no space', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events/',
      headers: await authHeader(t.app, admin),
      payload: { ...newEvent, community_id: 999_999 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ community_id: [EVENT_UNKNOWN_SPACE] });
  });

  it('lets an admin create an event (JSON), trimmed, with the contract shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events/',
      headers: await authHeader(t.app, admin),
      payload: newEvent,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      title: 'Cloud Night',
      date: '2031-05-01T17:00:00.000Z',
      ends_at: null,
      time_zone: 'UTC',
      venue: '',
      host: 'DevOps',
      category: 'Workshop',
      image: null,
      description: 'Bring a laptop.',
      registrations_count: 0,
      registered: false,
      capacity: null,
      waitlist_count: 0,
      spots_left: null,
      my_status: null,
      waitlist_position: null,
      my_guests: null,
      checked_in_at: null,
      can_manage: true,
      // The whole hub's, not a space's.
      community_id: null,
    });
    const listed = (await t.app.inject({ url: '/api/events/?q=cloud night' })).json();
    expect(listed.results.map((event: { title: string }) => event.title)).toEqual(['Cloud Night']);
  });

  it('accepts multipart with a cover image, re-encoded to WebP under /media/', async () => {
    const { payload, headers } = multipartBody({ title: 'Photo Walk', starts_at: '2031-06-01T09:30:00+02:00' }, [
      { field: 'image', filename: 'cover.png', contentType: 'image/png', bytes: await sampleImage(64, 48) },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events/',
      headers: { ...headers, ...(await authHeader(t.app, admin)) },
      payload,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().date).toBe('2031-06-01T07:30:00.000Z');
    expect(response.json().image).toMatch(/^\/media\/.+\.webp$/);
  });

  it('refuses non-admins with 403 and visitors with 401', async () => {
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/events/',
      headers: await authHeader(t.app, alumnus),
      payload: newEvent,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: 'You do not have permission to perform this action.', code: 'forbidden' });
    expect((await t.app.inject({ method: 'POST', url: '/api/events/', payload: newEvent })).statusCode).toBe(401);
  });

  it('answers field errors for a missing title, a bad date and a too long host', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events/',
      headers: await authHeader(t.app, admin),
      payload: { title: '   ', starts_at: 'next friday', host: 'x'.repeat(151) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      title: ['This field is required.'],
      starts_at: ['Enter a valid date and time (ISO 8601).'],
      host: ['Ensure this field has no more than 150 characters.'],
    });
    const noDate = await t.app.inject({
      method: 'POST',
      url: '/api/events/',
      headers: await authHeader(t.app, admin),
      payload: { title: 'x' },
    });
    expect(noDate.json()).toEqual({ starts_at: ['This field is required.'] });
  });
});

describe('PATCH /api/events/{id}/', () => {
  it('changes only the given fields', async () => {
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/events/', headers: await authHeader(t.app, admin), payload: newEvent })
    ).json();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${created.id}/`,
      headers: await authHeader(t.app, admin),
      payload: { category: 'Networking', starts_at: '2031-05-02T18:00:00Z' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Cloud Night',
      host: 'DevOps',
      category: 'Networking',
      date: '2031-05-02T18:00:00.000Z',
    });
  });

  it('answers 404 for an unknown event, 403 for non-admins and 400 for a blank title', async () => {
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/events/', headers: await authHeader(t.app, admin), payload: newEvent })
    ).json();
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/events/999999/',
      headers: await authHeader(t.app, admin),
      payload: { host: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    const notAdmin = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${created.id}/`,
      headers: await authHeader(t.app, alumnus),
      payload: { host: 'x' },
    });
    expect(notAdmin.statusCode).toBe(403);
    const blank = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${created.id}/`,
      headers: await authHeader(t.app, admin),
      payload: { title: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ title: ['This field is required.'] });
  });
});
