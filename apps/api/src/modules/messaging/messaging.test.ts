import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationParticipants, conversations, messages } from '../../db/schema/index';
import { authHeader, createTestApp, createUser, type TestApp, type TestUser } from '../../test/index';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let headers: Map<number, { authorization: string }>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.db, { firstName: 'Alice', lastName: 'Able', image: 'avatars/alice.webp' });
  bob = await createUser(t.db, { firstName: 'Bob', lastName: 'Baker', role: 'AL' });
  carol = await createUser(t.db, { firstName: 'Carol', lastName: 'Cole' });
  headers = new Map();
  for (const user of [alice, bob, carol]) headers.set(user.id, await authHeader(t.app, user));
});
afterAll(() => t.close());

const as = (user: TestUser) => {
  const header = headers.get(user.id);
  if (!header) throw new Error('no header for user');
  return header;
};

function start(from: TestUser, userId: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/social/conversations/start_conversation/',
    headers: as(from),
    payload: { user_id: userId },
  });
}
function send(from: TestUser, conversationId: number, content: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/social/conversations/${conversationId}/send_message/`,
    headers: as(from),
    payload: { content },
  });
}
function listMessages(user: TestUser, conversationId: number, query = '') {
  return t.app.inject({ method: 'GET', url: `/social/conversations/${conversationId}/messages/${query}`, headers: as(user) });
}
function listConversations(user: TestUser, query = '') {
  return t.app.inject({ method: 'GET', url: `/social/conversations/${query}`, headers: as(user) });
}
async function newPerson() {
  const user = await createUser(t.db);
  headers.set(user.id, await authHeader(t.app, user));
  return user;
}
async function conversationBetween(a: TestUser, b: TestUser): Promise<number> {
  const response = await start(a, b.id);
  expect([200, 201]).toContain(response.statusCode);
  return response.json<{ id: number }>().id;
}

describe('POST /social/conversations/start_conversation/', () => {
  it('creates the conversation (201), then returns the same one to either person (200)', async () => {
    const first = await start(alice, bob.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      other_user: { id: bob.id, username: bob.username, first_name: 'Bob', last_name: 'Baker', profile_image: null },
      unread_count: 0,
      last_message: null,
      updated_at: expect.any(String),
    });
    const again = await start(alice, bob.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const fromBob = await start(bob, alice.id);
    expect(fromBob.statusCode).toBe(200);
    expect(fromBob.json()).toMatchObject({ id: first.json().id, other_user: { id: alice.id, profile_image: '/media/avatars/alice.webp' } });
  });

  it('makes exactly one conversation when both people start one at the same moment', async () => {
    const [x, y] = [await newPerson(), await newPerson()];
    const responses = await Promise.all([start(x, y.id), start(y, x.id), start(x, y.id), start(y, x.id)]);
    const ids = new Set(responses.map((response) => response.json<{ id: number }>().id));
    expect(ids.size).toBe(1);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
    const [id] = [...ids];
    const participants = await t.db
      .select()
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversationId, id ?? 0));
    expect(participants.map((row) => row.userId).sort()).toEqual([x.id, y.id].sort());
  });

  it('refuses a conversation with yourself (400) and unknown or inactive people (404)', async () => {
    const self = await start(alice, alice.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ user_id: ['You cannot start a conversation with yourself.'] });
    const unknown = await start(alice, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'User not found.', code: 'not_found' });
    const inactive = await createUser(t.db, { isActive: false });
    expect((await start(alice, inactive.id)).statusCode).toBe(404);
    for (const bad of [undefined, 'abc', -1, 0]) {
      const response = await start(alice, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('user_id');
    }
  });

  it('cannot be used to reach a person whose profile is hidden (Private, Only Connections) unless they already talk', async () => {
    const setVisibility = async (person: TestUser, profile_visibility: string) => {
      const saved = await t.app.inject({ method: 'PUT', url: '/social/settings/', headers: as(person), payload: { profile_visibility } });
      expect(saved.statusCode).toBe(200);
    };
    const [hidden, connected, stranger, admin] = [
      await newPerson(),
      await newPerson(),
      await newPerson(),
      await createUser(t.db, { role: 'AD' }),
    ];
    headers.set(admin.id, await authHeader(t.app, admin));
    const existing = await conversationBetween(connected, hidden);
    await setVisibility(hidden, 'Only Connections');
    const refused = await start(stranger, hidden.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ detail: 'User not found.', code: 'not_found' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/social/user-profiles/by-id/?user_id=${hidden.id}`, headers: as(stranger) })).statusCode,
    ).toBe(404);
    expect((await start(connected, hidden.id)).json().id).toBe(existing);
    await setVisibility(hidden, 'Private');
    expect((await start(stranger, hidden.id)).statusCode).toBe(404);
    expect((await start(connected, hidden.id)).json().id).toBe(existing);
    expect((await start(admin, hidden.id)).statusCode).toBe(201);
    // The hidden person may still reach out; the stranger then answers in that conversation.
    const fromHidden = await start(hidden, stranger.id);
    expect(fromHidden.statusCode).toBe(201);
    expect((await start(stranger, hidden.id)).json().id).toBe(fromHidden.json().id);
  });

  it('requires authentication', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/social/conversations/start_conversation/', payload: { user_id: bob.id } });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /social/conversations/{id}/send_message/', () => {
  it('stores the trimmed message, updates the last message and the recipient unread count', async () => {
    const [x, y] = [await newPerson(), await newPerson()];
    const id = await conversationBetween(x, y);
    const response = await send(x, id, '  Hello there  ');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      conversation_id: id,
      sender: { id: x.id },
      sender_id: x.id,
      content: 'Hello there',
      timestamp: expect.any(String),
    });
    await send(x, id, 'Second');
    const ofY = (await listConversations(y)).json();
    expect(ofY.results).toEqual([
      expect.objectContaining({ id, unread_count: 2, last_message: { content: 'Second', timestamp: expect.any(String), sender_id: x.id } }),
    ]);
    const ofX = (await listConversations(x)).json();
    expect(ofX.results[0]).toMatchObject({ id, unread_count: 0, last_message: { content: 'Second' } });
  });

  it('counts every message when both people send at the same moment', async () => {
    const [x, y] = [await newPerson(), await newPerson()];
    const id = await conversationBetween(x, y);
    const sends = Array.from({ length: 10 }, (_, index) => [send(x, id, `x${index}`), send(y, id, `y${index}`)]).flat();
    const responses = await Promise.all(sends);
    expect(responses.map((response) => response.statusCode)).toEqual(sends.map(() => 201));
    const stored = await t.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(stored).toHaveLength(20);
    const participants = await t.db.select().from(conversationParticipants).where(eq(conversationParticipants.conversationId, id));
    expect(participants.map((row) => row.unreadCount)).toEqual([10, 10]);
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.id, id));
    expect(stored.map((row) => row.content)).toContain(conversation?.lastMessageContent);
  });

  it('keeps the newest message as the last message when an older send is stored last (simultaneous sends)', async () => {
    const [x, y] = [await newPerson(), await newPerson()];
    const id = await conversationBetween(x, y);
    const now = Date.now();
    // The send stamped later is stored first, as happens when two sends race.
    await t.ctx.repositories.messaging.sendMessage({
      conversationId: id,
      senderId: y.id,
      content: 'second',
      createdAt: new Date(now + 1000),
    });
    await t.ctx.repositories.messaging.sendMessage({ conversationId: id, senderId: x.id, content: 'first', createdAt: new Date(now) });
    const listed = (await listConversations(x)).json<{ results: { id: number; last_message: { content: string } | null }[] }>();
    expect(listed.results.find((conversation) => conversation.id === id)?.last_message?.content).toBe('second');
    const history = (await listMessages(x, id)).json<{ results: { content: string }[] }>();
    expect(history.results.map((message) => message.content)).toEqual(['second', 'first']);
  });

  it('accepts 5000 characters and refuses blank or 5001 characters', async () => {
    const id = await conversationBetween(alice, carol);
    expect((await send(alice, id, 'x'.repeat(5000))).statusCode).toBe(201);
    const tooLong = await send(alice, id, 'x'.repeat(5001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ content: ['Ensure this field has no more than 5000 characters.'] });
    for (const blank of ['', '   \n ', undefined, 42]) {
      const response = await send(alice, id, blank);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('content');
    }
    const stored = await t.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(stored).toHaveLength(1);
  });
});

describe('GET /social/conversations/', () => {
  it('lists own conversations most recently active first, paginated without gaps or repeats', async () => {
    const me = await newPerson();
    const others = [await newPerson(), await newPerson(), await newPerson(), await newPerson()];
    const ids: number[] = [];
    for (const other of others) ids.push(await conversationBetween(me, other));
    // The oldest conversation gets a message: it moves to the top.
    await send(others[0] as TestUser, ids[0] as number, 'ping');
    const expected = [ids[0], ids[3], ids[2], ids[1]];

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=3&cursor=${cursor}` : '?limit=3';
      const response = await listConversations(me, query);
      expect(response.statusCode).toBe(200);
      const page = response.json<{ results: { id: number }[]; next: string | null }>();
      seen.push(...page.results.map((row) => row.id));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(expected);
    // Someone else's list never shows them.
    const outsider = await newPerson();
    expect((await listConversations(outsider)).json()).toEqual({ results: [], next: null });
  });

  it('rejects a malformed cursor with 400', async () => {
    const response = await listConversations(alice, '?cursor=nonsense');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ cursor: ['Invalid cursor.'] });
  });
});

describe('GET /social/conversations/{id}/messages/', () => {
  it('pages newest first and marks the conversation read for the caller only', async () => {
    const [x, y] = [await newPerson(), await newPerson()];
    const id = await conversationBetween(x, y);
    for (let index = 0; index < 5; index += 1) await send(x, id, `m${index}`);
    await send(y, id, 'reply');

    const first = (await listMessages(y, id, '?limit=4')).json<{ results: { content: string }[]; next: string | null }>();
    expect(first.results.map((m) => m.content)).toEqual(['reply', 'm4', 'm3', 'm2']);
    expect(first.next).not.toBeNull();
    const second = (await listMessages(y, id, `?limit=4&cursor=${first.next}`)).json<{
      results: { content: string }[];
      next: string | null;
    }>();
    expect(second.results.map((m) => m.content)).toEqual(['m1', 'm0']);
    expect(second.next).toBeNull();

    const [ofY] = await t.db
      .select()
      .from(conversationParticipants)
      .where(and(eq(conversationParticipants.conversationId, id), eq(conversationParticipants.userId, y.id)));
    expect(ofY).toMatchObject({ unreadCount: 0, lastReadAt: expect.any(Date) });
    // x has one unread (y's reply) until x opens it.
    expect((await listConversations(x)).json().results[0]).toMatchObject({ id, unread_count: 1 });
    await listMessages(x, id);
    expect((await listConversations(x)).json().results[0]).toMatchObject({ id, unread_count: 0 });
  });
});

describe('participants only', () => {
  it('answers 404 to anyone else on every conversation route, and leaves the data alone', async () => {
    const [x, y] = [await newPerson(), await newPerson()];
    const id = await conversationBetween(x, y);
    await send(x, id, 'private');
    const notFoundBody = { detail: 'Not found.', code: 'not_found' };

    const read = await listMessages(carol, id);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual(notFoundBody);
    const write = await send(carol, id, 'intrusion');
    expect(write.statusCode).toBe(404);
    expect(write.json()).toEqual(notFoundBody);
    expect((await listConversations(carol)).json().results.map((row: { id: number }) => row.id)).not.toContain(id);
    // An id that does not exist answers the same.
    expect((await listMessages(carol, 987_654)).json()).toEqual(notFoundBody);
    expect((await send(carol, 987_654, 'hello')).statusCode).toBe(404);

    const stored = await t.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(stored.map((row) => row.content)).toEqual(['private']);
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.id, id));
    expect(conversation?.lastMessageContent).toBe('private');
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/social/conversations/'],
      ['GET', '/social/conversations/1/messages/'],
      ['POST', '/social/conversations/1/send_message/'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? { content: 'x' } : undefined })).statusCode).toBe(401);
    }
  });
});
