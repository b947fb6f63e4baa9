// A notification and its e-mail side (a digest item or an instant e-mail) are written by one
// statement: the hot writes (comments, messages) make one round trip fewer. What the requests
// actually run is recorded through the app's own database handle.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationDigestItems, notifications, outgoingEmails } from '../../db/schema/index';
import {
  authHeader,
  createConversation,
  createPost,
  useTestApp,
  createUser,
  type RecordedStatement,
  type TestUser,
} from '../../test/index';

const WRITES_NOTIFICATION = /insert into "?notifications"?/i;
const WRITES_DIGEST_ITEM = /insert into "?notification_digest_items"?/i;
const WRITES_OUTBOX = /insert into "?outgoing_emails"?/i;
const READS_PREFERENCES = /"?notification_preferences"?/i;

const captured: RecordedStatement[] = [];
const t = useTestApp({}, { recordStatementsInto: captured });

beforeAll(async () => {
  await t.app.ready();
});

/** Runs a request and answers the statements it ran that write a notification, a digest item or an e-mail. */
async function notificationWritesOf(user: TestUser, url: string, payload?: Record<string, unknown>) {
  captured.length = 0;
  const response = await t.app.inject({ method: 'POST', url, headers: await authHeader(t.app, user), ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return captured
    .map((statement) => statement.text)
    .filter((text) => WRITES_NOTIFICATION.test(text) || WRITES_DIGEST_ITEM.test(text) || WRITES_OUTBOX.test(text));
}

describe('a notification and its e-mail side in one statement', () => {
  it('a comment stores the notification and the daily digest item together (the default for comments)', async () => {
    const author = await createUser(t.db);
    const commenter = await createUser(t.db, { firstName: 'Cora' });
    const post = await createPost(t.db, { userId: author.id });

    const writes = await notificationWritesOf(commenter, `/social/posts/${post.id}/comment/`, { text: 'Nice one' });

    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(WRITES_NOTIFICATION);
    expect(writes[0]).toMatch(WRITES_DIGEST_ITEM);
    const [stored] = await t.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(stored).toMatchObject({ type: 'post_commented', actorId: commenter.id, postId: post.id });
    const items = await t.db.select().from(notificationDigestItems).where(eq(notificationDigestItems.userId, author.id));
    expect(items).toEqual([expect.objectContaining({ category: 'comment', frequency: 'daily', text: stored?.text, link: '/user' })]);
  });

  it('a message reads the delivery in the send, then stores the notification and queues its instant e-mail together (the default for messages)', async () => {
    const sender = await createUser(t.db, { firstName: 'Sam' });
    const recipient = await createUser(t.db, { firstName: 'Rita' });
    const conversation = await createConversation(t.db, { userAId: sender.id, userBId: recipient.id });

    const writes = await notificationWritesOf(sender, `/social/conversations/${conversation.id}/send_message/`, { content: 'Hello Rita' });

    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(WRITES_OUTBOX);
    // The recipient's choice was read by the send itself.
    const readingPreferences = captured.filter((statement) => READS_PREFERENCES.test(statement.text));
    expect(readingPreferences.map((statement) => statement.text)).toEqual([expect.stringMatching(/insert into messages/i)]);
    const [stored] = await t.db.select().from(notifications).where(eq(notifications.userId, recipient.id));
    expect(stored).toMatchObject({ type: 'message', conversationId: conversation.id });
    const [email] = await t.db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, recipient.email));
    expect(email?.subject).toBeTruthy();
    expect(email?.textBody).toContain(stored?.text ?? 'no notification');
    expect(email?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('a like while the last one is unread writes neither a second notification nor a second e-mail', async () => {
    const author = await createUser(t.db);
    const fan = await createUser(t.db);
    const post = await createPost(t.db, { userId: author.id });
    const choose = await t.app.inject({
      method: 'PUT',
      url: '/social/settings/notifications/',
      headers: await authHeader(t.app, author),
      payload: { types: { like: { email: 'daily' } } },
    });
    expect(choose.statusCode, choose.body).toBe(200);

    expect(await notificationWritesOf(fan, `/social/posts/${post.id}/like/`)).toHaveLength(1);
    await notificationWritesOf(fan, `/social/posts/${post.id}/like/`); // unlike
    await notificationWritesOf(fan, `/social/posts/${post.id}/like/`); // like again, the first still unread

    expect(await t.db.select().from(notifications).where(eq(notifications.userId, author.id))).toHaveLength(1);
    const items = await t.db.select().from(notificationDigestItems).where(eq(notificationDigestItems.userId, author.id));
    expect(items).toEqual([expect.objectContaining({ category: 'like', frequency: 'daily' })]);
  });

  it("a like and a comment read the post author's delivery in the statement that writes them: two round trips in all", async () => {
    const author = await createUser(t.db);
    const fan = await createUser(t.db, { firstName: 'Fay' });
    const post = await createPost(t.db, { userId: author.id });
    const choose = await t.app.inject({
      method: 'PUT',
      url: '/social/settings/notifications/',
      headers: await authHeader(t.app, author),
      payload: { types: { like: { email: 'instant' }, comment: { in_app: false, email: 'off' } } },
    });
    expect(choose.statusCode, choose.body).toBe(200);

    for (const [url, payload, writes] of [
      [`/social/posts/${post.id}/like/`, undefined, /insert into post_likes/i],
      [`/social/posts/${post.id}/comment/`, { text: 'Well said' }, /insert into comments/i],
    ] as const) {
      captured.length = 0;
      const response = await t.app.inject({ method: 'POST', url, headers: await authHeader(t.app, fan), ...(payload ? { payload } : {}) });
      expect(response.statusCode, response.body).toBeLessThan(300);
      const readingPreferences = captured.filter((statement) => READS_PREFERENCES.test(statement.text));
      expect(readingPreferences, url).toHaveLength(1);
      expect(readingPreferences[0]?.text, url).toMatch(writes);
    }

    // The choices read that way were followed: the like e-mailed at once, the comment not stored.
    const stored = await t.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(stored.map((row) => row.type)).toEqual(['post_liked']);
    const [email] = await t.db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, author.email));
    expect(email?.textBody).toContain('Fay');
  });
});
