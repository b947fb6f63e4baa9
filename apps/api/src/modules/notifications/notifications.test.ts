import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outgoingEmails } from '../../db/schema/index';
import { authHeader, createPost, createTestApp, createUser, type TestApp, type TestUser } from '../../test/index';
import type { AppContext } from '../../app-context';
import { postRemovedNotice } from '../moderation/moderation.notices';
import { roleChangedNotice } from '../admin/users/admin-users.notices';
import { notify } from './notify.service';

const notifyPostRemoved = (ctx: AppContext, event: Parameters<typeof postRemovedNotice>[0]) => notify(ctx, postRemovedNotice(event));
const notifyRoleChanged = (ctx: AppContext, event: Parameters<typeof roleChangedNotice>[0]) => notify(ctx, roleChangedNotice(event));

let t: TestApp;
let author: TestUser;
let fan: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, { firstName: 'Ada', lastName: 'Author', role: 'AL' });
  fan = await createUser(t.db, { firstName: 'Finn', lastName: 'Fan', handle: 'finn' });
});
afterAll(() => t.close());

async function newPost(userId: number) {
  const row = await createPost(t.db, { userId, caption: 'A post', image: 'posts/p.webp' });
  return row;
}
async function post(user: TestUser, url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: await authHeader(t.app, user), ...(payload === undefined ? {} : { payload }) });
}
async function list(user: TestUser, query = '') {
  return t.app.inject({ method: 'GET', url: `/social/notifications/${query}`, headers: await authHeader(t.app, user) });
}
async function notificationsOf(userId: number) {
  return t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id));
}

describe('notifications for likes and comments', () => {
  it('tells the author when someone likes their post, once while unread, never for their own like', async () => {
    const target = await newPost(author.id);
    const before = (await notificationsOf(author.id)).length;
    expect((await post(fan, `/social/posts/${target.id}/like/`)).json()).toMatchObject({ liked: true });
    await post(fan, `/social/posts/${target.id}/like/`); // unlike
    await post(fan, `/social/posts/${target.id}/like/`); // like again
    await post(author, `/social/posts/${target.id}/like/`); // own like

    const rows = (await notificationsOf(author.id)).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'post_liked', actorId: fan.id, postId: target.id, text: 'Finn Fan liked your post.' });
    expect(await notificationsOf(fan.id)).toEqual([]);
  });

  it('tells the author about each comment by someone else, not about their own', async () => {
    const target = await newPost(author.id);
    const before = (await notificationsOf(author.id)).length;
    expect((await post(fan, `/social/posts/${target.id}/comment/`, { text: 'Great!' })).statusCode).toBe(201);
    expect((await post(author, `/social/posts/${target.id}/comment/`, { text: 'Thanks' })).statusCode).toBe(201);
    const rows = (await notificationsOf(author.id)).slice(before);
    expect(rows.map((row) => [row.type, row.actorId, row.text])).toEqual([['post_commented', fan.id, 'Finn Fan commented on your post.']]);
  });
});

describe('notifications for messages', () => {
  it('tells the recipient about a new message, not the sender', async () => {
    const [sender, recipient] = [await createUser(t.db, { firstName: 'Sam', lastName: 'Sender' }), await createUser(t.db)];
    const started = await post(sender, '/social/conversations/start_conversation/', { user_id: recipient.id });
    const conversationId = started.json<{ id: number }>().id;
    await post(sender, `/social/conversations/${conversationId}/send_message/`, { content: 'Hi' });
    expect(await notificationsOf(sender.id)).toEqual([]);
    const [row] = await notificationsOf(recipient.id);
    expect(row).toMatchObject({
      type: 'message',
      actorId: sender.id,
      conversationId,
      text: 'Sam Sender sent you a message.',
      readAt: null,
    });
    // Opening the conversation reads its message notifications.
    await t.app.inject({
      method: 'GET',
      url: `/social/conversations/${conversationId}/messages/`,
      headers: await authHeader(t.app, recipient),
    });
    expect((await notificationsOf(recipient.id))[0]?.readAt).toBeInstanceOf(Date);
  });

  it('tells the recipient once per conversation while unread (one notification, one e-mail), and again after they opened it', async () => {
    const [sender, recipient] = [await createUser(t.db, { firstName: 'Rita', lastName: 'Rapid' }), await createUser(t.db)];
    const other = await createUser(t.db, { firstName: 'Otto', lastName: 'Other' });
    const start = async (from: TestUser) =>
      (await post(from, '/social/conversations/start_conversation/', { user_id: recipient.id })).json<{ id: number }>().id;
    const [conversationId, otherConversationId] = [await start(sender), await start(other)];
    const send = async (from: TestUser, id: number, content: string) =>
      expect((await post(from, `/social/conversations/${id}/send_message/`, { content })).statusCode).toBe(201);
    const emailsToRecipient = async () =>
      (await t.db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, recipient.email))).length;

    for (const content of ['One', 'Two', 'Three']) await send(sender, conversationId, content);
    await send(other, otherConversationId, 'Hello from elsewhere');
    const unread = (await notificationsOf(recipient.id)).filter((row) => row.readAt === null);
    expect(unread.map((row) => [row.conversationId, row.actorId])).toEqual([
      [conversationId, sender.id],
      [otherConversationId, other.id],
    ]);
    expect(await emailsToRecipient()).toBe(2); // messages are e-mailed at once by default

    await t.app.inject({
      method: 'GET',
      url: `/social/conversations/${conversationId}/messages/`,
      headers: await authHeader(t.app, recipient),
    });
    await send(sender, conversationId, 'Four');
    const again = (await notificationsOf(recipient.id)).filter((row) => row.readAt === null && row.conversationId === conversationId);
    expect(again).toHaveLength(1);
    expect(await emailsToRecipient()).toBe(3);
  });
});

describe('notifications for messages, e-mail only', () => {
  it('e-mails the recipient once per conversation while they have unread messages there, and again after they opened it', async () => {
    const [sender, recipient] = [await createUser(t.db, { firstName: 'Eve', lastName: 'Eager' }), await createUser(t.db)];
    const headers = await authHeader(t.app, recipient);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/social/settings/notifications/',
      headers,
      payload: { types: { message: { in_app: false, email: 'instant' } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const conversationId = (await post(sender, '/social/conversations/start_conversation/', { user_id: recipient.id })).json<{
      id: number;
    }>().id;
    const send = async (content: string) =>
      expect((await post(sender, `/social/conversations/${conversationId}/send_message/`, { content })).statusCode).toBe(201);
    const emailsToRecipient = async () =>
      (await t.db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, recipient.email))).length;

    for (const content of ['One', 'Two', 'Three']) await send(content);
    expect(await notificationsOf(recipient.id)).toEqual([]); // in-app off: nothing stored
    expect(await emailsToRecipient()).toBe(1);

    await t.app.inject({ method: 'GET', url: `/social/conversations/${conversationId}/messages/`, headers });
    await send('Four');
    expect(await emailsToRecipient()).toBe(2);
  });
});

describe('moderation and role changes', () => {
  it('notifies a removed post with its reason, and a role change, without an actor', async () => {
    const person = await createUser(t.db, { role: 'TR' });
    const target = await newPost(person.id);
    const removed = await notifyPostRemoved(t.ctx, { postId: target.id, authorId: person.id, reason: 'Scam or fraud' });
    expect(removed).toMatchObject({
      type: 'post_removed',
      actor: null,
      post_id: target.id,
      reason: 'Scam or fraud',
      text: 'Your post was removed by a moderator. Reason: Scam or fraud.',
      read: false,
    });
    const role = await notifyRoleChanged(t.ctx, { userId: person.id, role: 'AL' });
    expect(role).toMatchObject({ type: 'role_changed', actor: null, text: 'Your role was changed to Alumni.' });
    const page = (await list(person)).json();
    expect(page.results.map((n: { type: string }) => n.type)).toEqual(['role_changed', 'post_removed']);
    expect(page.unread_count).toBe(2);
  });
});

describe('GET /social/notifications/ and POST /social/notifications/read/', () => {
  it('pages newest first with the actor and the unread total', async () => {
    const person = await createUser(t.db);
    const likers = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const target = await newPost(person.id);
    for (const liker of likers) await post(liker, `/social/posts/${target.id}/like/`);

    const first = await list(person, '?limit=2');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.unread_count).toBe(3);
    expect(page.results).toHaveLength(2);
    expect(page.results[0]).toEqual({
      id: expect.any(Number),
      type: 'post_liked',
      actor: expect.objectContaining({ id: likers[2]?.id, username: likers[2]?.username }),
      post_id: target.id,
      conversation_id: null,
      text: expect.stringContaining('liked your post.'),
      reason: null,
      read: false,
      created_at: expect.any(String),
    });
    const second = (await list(person, `?limit=2&cursor=${page.next}`)).json();
    expect(second.results.map((n: { actor: { id: number } }) => n.actor.id)).toEqual([likers[0]?.id]);
    expect(second.next).toBeNull();
  });

  it('marks given ids (own only) or all as read and answers the unread total', async () => {
    const person = await createUser(t.db);
    const other = await createUser(t.db);
    for (const role of ['IN', 'AL', 'TR'] as const) await notifyRoleChanged(t.ctx, { userId: person.id, role });
    const othersNotification = await notifyRoleChanged(t.ctx, { userId: other.id, role: 'IN' });
    const ids = (await list(person)).json().results.map((n: { id: number }) => n.id);

    const some = await post(person, '/social/notifications/read/', { ids: [ids[0], othersNotification?.id] });
    expect(some.statusCode).toBe(200);
    expect(some.json()).toEqual({ unread_count: 2 });
    expect((await list(other)).json().unread_count).toBe(1);
    const page = (await list(person)).json();
    expect(page.results.map((n: { read: boolean }) => n.read)).toEqual([true, false, false]);

    expect((await post(person, '/social/notifications/read/', { all: true })).json()).toEqual({ unread_count: 0 });
    expect((await list(person)).json().unread_count).toBe(0);
  });

  it('refuses bad bodies with 400 and anonymous callers with 401', async () => {
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { all: false }]) {
      expect((await post(fan, '/social/notifications/read/', body)).statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/social/notifications/' })).statusCode).toBe(401);
  });
});
