import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTokenFor,
  authHeader,
  createEvent,
  createEventMessage,
  useTestApp,
  createUser,
  type TestUser,
  listenOnLoopback,
} from '../../test/index';
import { openAuthedSocket, type TestSocket } from '../realtime/socket-test-client';

const t = useTestApp();
let baseUrl: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  baseUrl = await listenOnLoopback(t.app);
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
});

async function newEvent(): Promise<number> {
  const row = await createEvent(t.db, { title: 'Live Q&A', startsAt: new Date('2031-01-01T10:00:00Z') });
  return row.id;
}
async function post(user: TestUser, eventId: number, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/discussion/`,
    headers: await authHeader(t.app, user),
    payload: payload as object,
  });
}

describe('event live discussion', () => {
  it('stores a trimmed message with its author and sends it live to everyone connected', async () => {
    const eventId = await newEvent();
    const [author, watcher] = [await createUser(t.db, { firstName: 'Ada' }), await createUser(t.db)];
    const socket = await openAuthedSocket(baseUrl, await accessTokenFor(t.app, watcher));
    sockets.push(socket);

    const response = await post(author, eventId, { text: '  Hello everyone!  ' });
    expect(response.statusCode).toBe(201);
    const message = response.json();
    expect(message).toEqual({
      id: expect.any(Number),
      text: 'Hello everyone!',
      created_at: expect.any(String),
      user: expect.objectContaining({ id: author.id, first_name: 'Ada' }),
    });
    const live = await socket.next('event.message', (event) => event.data.message.id === message.id);
    // Every socket gets it, so the author's e-mail stays out (HIDDEN_EMAIL) whatever their visibility.
    expect(live.data).toEqual({ event_id: eventId, message: { ...message, user: { ...message.user, email: '' } } });
  });

  it('refuses blank and too long text with field errors, and visitors with 401', async () => {
    const eventId = await newEvent();
    const user = await createUser(t.db);
    const blank = await post(user, eventId, { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ text: ['This field is required.'] });
    const missing = await post(user, eventId, {});
    expect(missing.json()).toEqual({ text: ['This field is required.'] });
    const long = await post(user, eventId, { text: 'x'.repeat(2001) });
    expect(long.json()).toEqual({ text: ['Ensure this field has no more than 2000 characters.'] });
    expect((await post(user, eventId, { text: 'x'.repeat(2000) })).statusCode).toBe(201);
    const visitor = await t.app.inject({ method: 'POST', url: `/api/events/${eventId}/discussion/`, payload: { text: 'hi' } });
    expect(visitor.statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/events/${eventId}/discussion/` })).statusCode).toBe(401);
  });

  it('404s an unknown event', async () => {
    const user = await createUser(t.db);
    expect((await post(user, 999999, { text: 'hi' })).statusCode).toBe(404);
    const list = await t.app.inject({ url: '/api/events/999999/discussion/', headers: await authHeader(t.app, user) });
    expect(list.statusCode).toBe(404);
  });

  it('lists newest first with a cursor going back in time, one event only', async () => {
    const eventId = await newEvent();
    const otherEventId = await newEvent();
    const user = await createUser(t.db);
    const base = Date.UTC(2030, 0, 1);
    for (const n of [1, 2, 3, 4, 5]) {
      await createEventMessage(t.db, { eventId, userId: user.id, text: `message ${n}`, createdAt: new Date(base + n * 1000) });
    }
    await createEventMessage(t.db, { eventId: otherEventId, userId: user.id, text: 'elsewhere' });
    const headers = await authHeader(t.app, user);
    const first = (await t.app.inject({ url: `/api/events/${eventId}/discussion/?limit=3`, headers })).json();
    expect(first.results.map((m: { text: string }) => m.text)).toEqual(['message 5', 'message 4', 'message 3']);
    const second = (await t.app.inject({ url: `/api/events/${eventId}/discussion/?limit=3&cursor=${first.next}`, headers })).json();
    expect(second.results.map((m: { text: string }) => m.text)).toEqual(['message 2', 'message 1']);
    expect(second.next).toBeNull();
  });
});
