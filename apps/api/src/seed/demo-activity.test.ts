import type { ConversationPage, MessagePage, NotificationPage } from '@alumlink/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, users, type UserRow } from '../db/schema/index';
import { authHeader, createTestApp, type TestApp } from '../test/index';
import { DEMO_ACCOUNTS, seedDemo } from './index';

let t: TestApp;
const now = new Date();

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { now });
});
afterAll(() => t.close());

async function account(email: string): Promise<UserRow> {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no demo account ${email}`);
  return row;
}

async function get<T>(person: UserRow, url: string): Promise<T> {
  const response = await t.app.inject({ url, headers: await authHeader(t.app, person) });
  expect(response.statusCode, url).toBe(200);
  return response.json<T>();
}

describe('demo conversations and notifications', () => {
  it.each(DEMO_ACCOUNTS.map((demo) => demo.email))(
    '%s has conversations with messages and notifications of likes, comments and messages',
    async (email) => {
      const person = await account(email);
      const conversations = await get<ConversationPage>(person, '/social/conversations/');
      expect(conversations.results.length).toBeGreaterThanOrEqual(2);
      for (const conversation of conversations.results) {
        expect(conversation.last_message).not.toBeNull();
        // Counted in the database: opening the thread would read it (the unread test needs that).
        const [row] = await t.db.select({ n: count() }).from(messages).where(eq(messages.conversationId, conversation.id));
        expect(row?.n).toBeGreaterThanOrEqual(2);
      }

      const notifications = await get<NotificationPage>(person, '/social/notifications/');
      expect(notifications.results.length).toBeGreaterThanOrEqual(3);
      const types = new Set(notifications.results.map((notification) => notification.type));
      expect(types).toContain('message');
      expect(types.has('post_liked') || types.has('post_commented')).toBe(true);
      for (const notification of notifications.results) expect(notification.actor?.id).toEqual(expect.any(Number));
    },
  );

  it('keeps every counter as the app would: unread counts, last messages and unread message notifications agree with the rows', async () => {
    const { rows } = await t.db.execute<{ conversations: number; wrong_unread: number; wrong_last: number; wrong_notes: number }>(sql`
      select count(distinct p.conversation_id)::int as conversations,
        count(*) filter (where p.unread_count <> (
          select count(*) from messages m
          where m.conversation_id = p.conversation_id and m.sender_id = p.other_user_id
            and m.created_at > coalesce(p.last_read_at, '-infinity')))::int as wrong_unread,
        count(*) filter (where c.last_message_content is distinct from (
          select content from messages m where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1)
          or p.activity_at <> c.last_message_at)::int as wrong_last,
        count(*) filter (where p.unread_count <> (
          select count(*) from notifications n
          where n.user_id = p.user_id and n.conversation_id = p.conversation_id and n.type = 'message' and n.read_at is null))::int as wrong_notes
      from conversation_participants p join conversations c on c.id = p.conversation_id`);
    expect(rows[0]).toEqual({ conversations: expect.any(Number), wrong_unread: 0, wrong_last: 0, wrong_notes: 0 });
    expect(rows[0]?.conversations).toBeGreaterThanOrEqual(8);
  });

  it('leaves some of it unread, and opening a conversation reads it like any other', async () => {
    const alumni = await account('alumni@example.com');
    const before = await get<NotificationPage>(alumni, '/social/notifications/');
    expect(before.unread_count).toBeGreaterThan(0);
    const conversations = await get<ConversationPage>(alumni, '/social/conversations/');
    const unread = conversations.results.find((conversation) => conversation.unread_count > 0);
    if (!unread) throw new Error('the demo alumnus has no unread conversation');
    await get<MessagePage>(alumni, `/social/conversations/${unread.id}/messages/`);
    const after = await get<ConversationPage>(alumni, '/social/conversations/');
    expect(after.results.find((conversation) => conversation.id === unread.id)?.unread_count).toBe(0);
    expect((await get<NotificationPage>(alumni, '/social/notifications/')).unread_count).toBe(before.unread_count - unread.unread_count);
  });

  it('notifies likes and comments only from other people, about posts of the person notified', async () => {
    const { rows } = await t.db.execute<{ wrong: number; total: number }>(sql`
      select count(*)::int as total,
        count(*) filter (where n.actor_id = p.user_id or n.user_id <> p.user_id
          or (n.type = 'post_liked' and not exists (select from post_likes l where l.post_id = p.id and l.user_id = n.actor_id))
          or (n.type = 'post_commented' and not exists (select from comments c where c.post_id = p.id and c.user_id = n.actor_id)))::int as wrong
      from notifications n join posts p on p.id = n.post_id
      where n.type in ('post_liked', 'post_commented')`);
    expect(rows[0]?.wrong).toBe(0);
    expect(rows[0]?.total).toBeGreaterThan(4);
  });
});
