import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversationParticipants, conversations, messages } from '../../db/schema/index';
import type { TestUser } from '../../test/index';
import { useConversations } from './messaging.test-helpers';

const { t, people, newPerson, send, listMessages, listConversations, conversationBetween } = useConversations();

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
    const id = await conversationBetween(people.alice, people.carol);
    expect((await send(people.alice, id, 'x'.repeat(5000))).statusCode).toBe(201);
    const tooLong = await send(people.alice, id, 'x'.repeat(5001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ content: ['Ensure this field has no more than 5000 characters.'] });
    for (const blank of ['', '   \n ', undefined, 42]) {
      const response = await send(people.alice, id, blank);
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
    const response = await listConversations(people.alice, '?cursor=nonsense');
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

    const read = await listMessages(people.carol, id);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual(notFoundBody);
    const write = await send(people.carol, id, 'intrusion');
    expect(write.statusCode).toBe(404);
    expect(write.json()).toEqual(notFoundBody);
    expect((await listConversations(people.carol)).json().results.map((row: { id: number }) => row.id)).not.toContain(id);
    // An id that does not exist answers the same.
    expect((await listMessages(people.carol, 987_654)).json()).toEqual(notFoundBody);
    expect((await send(people.carol, 987_654, 'hello')).statusCode).toBe(404);

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
