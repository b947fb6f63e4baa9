import { DEFAULT_NOTIFICATION_PREFERENCES } from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDigestItems, notifications, users } from '../../db/schema/index';
import { authHeader, createPost, createTestApp, createUser, emailsTo, type TestApp, type TestUser } from '../../test/index';
import type { AppContext } from '../../app-context';
import { roleChangedNotice } from '../admin/users/admin-users.notices';
import { notify } from './notify.service';

const notifyRoleChanged = (ctx: AppContext, event: Parameters<typeof roleChangedNotice>[0]) => notify(ctx, roleChangedNotice(event));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/social/settings/notifications/';
async function get(user: TestUser, url = URL) {
  return t.app.inject({ url, headers: await authHeader(t.app, user) });
}
async function put(user: TestUser, payload: unknown, url = URL) {
  return t.app.inject({ method: 'PUT', url, headers: await authHeader(t.app, user), payload: payload as Record<string, unknown> });
}
async function newPost(userId: number) {
  const row = await createPost(t.db, { userId, caption: 'A post', image: 'posts/p.webp' });
  return row;
}
async function comment(user: TestUser, postId: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/social/posts/${postId}/comment/`,
    headers: await authHeader(t.app, user),
    payload: { text: 'Nice one' },
  });
  expect(response.statusCode).toBe(201);
}
const itemsOf = (userId: number) => t.db.select().from(notificationDigestItems).where(eq(notificationDigestItems.userId, userId));
const inAppOf = (userId: number) => t.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('GET/PUT /social/settings/notifications/', () => {
  it('answers the defaults: messages, referrals, mentoring and moderation instant, likes in-app only', async () => {
    const person = await createUser(t.db);
    const response = await get(person);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ types: DEFAULT_NOTIFICATION_PREFERENCES });
    expect(response.json().types.like).toEqual({ in_app: true, email: 'off' });
    expect(response.json().types.message).toEqual({ in_app: true, email: 'instant' });
    expect(response.json().types.referral).toEqual({ in_app: true, email: 'instant' });
  });

  it('saves any fields of any types and keeps the rest', async () => {
    const person = await createUser(t.db);
    const saved = await put(person, { types: { like: { email: 'weekly' }, message: { in_app: false } } });
    expect(saved.statusCode).toBe(200);
    const expected = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      like: { in_app: true, email: 'weekly' },
      message: { in_app: false, email: 'instant' },
    };
    expect(saved.json()).toEqual({ types: expected });
    expect((await get(person)).json()).toEqual({ types: expected });
    // Someone else is untouched.
    expect((await get(await createUser(t.db))).json()).toEqual({ types: DEFAULT_NOTIFICATION_PREFERENCES });
  });

  it('refuses unknown types and values with field errors, and asks for a token', async () => {
    const person = await createUser(t.db);
    const unknownType = await put(person, { types: { sms: { email: 'off' } } });
    expect(unknownType.statusCode).toBe(400);
    const badValue = await put(person, { types: { like: { email: 'hourly' } } });
    expect(badValue.statusCode).toBe(400);
    expect(Object.keys(badValue.json())).toEqual(['types']);
    expect((await put(person, { types: { like: { in_app: 'yes' } } })).statusCode).toBe(400);
    expect((await put(person, [])).statusCode).toBe(400);
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
    expect((await get(person)).json()).toEqual({ types: DEFAULT_NOTIFICATION_PREFERENCES });
  });
});

describe('the single notification_type setting of the settings page', () => {
  it("reads 'Email' while any type is e-mailed and 'In-App' when none is", async () => {
    const person = await createUser(t.db);
    expect((await get(person, '/social/settings/')).json().notification_type).toBe('Email');
    const allOff = Object.fromEntries(Object.keys(DEFAULT_NOTIFICATION_PREFERENCES).map((type) => [type, { email: 'off' }]));
    await put(person, { types: allOff });
    expect((await get(person, '/social/settings/')).json().notification_type).toBe('In-App');
  });

  it("'In-App' turns every e-mail off; 'Email' brings back the defaults (likes in the daily digest)", async () => {
    const person = await createUser(t.db);
    await put(person, { types: { comment: { email: 'weekly' } } });
    expect((await put(person, { notification_type: 'In-App' }, '/social/settings/')).json().notification_type).toBe('In-App');
    const off = (await get(person)).json().types;
    for (const choice of Object.values(off) as { in_app: boolean; email: string }[]) expect(choice).toEqual({ in_app: true, email: 'off' });

    expect((await put(person, { notification_type: 'Email' }, '/social/settings/')).json().notification_type).toBe('Email');
    expect((await get(person)).json().types).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, like: { in_app: true, email: 'daily' } });
  });

  it('saving the settings page with the same value leaves the per-type choices alone', async () => {
    const person = await createUser(t.db);
    await put(person, { types: { message: { email: 'weekly' }, like: { email: 'off' } } });
    const saved = await put(person, { theme: 'Dark', notification_type: 'Email' }, '/social/settings/');
    expect(saved.json()).toMatchObject({ theme: 'Dark', notification_type: 'Email' });
    expect((await get(person)).json().types).toMatchObject({ message: { email: 'weekly' }, like: { email: 'off' } });
  });
});

describe('every notification honours the choices', () => {
  it('in-app off: nothing in the bell, but the e-mail choice still applies', async () => {
    const person = await createUser(t.db);
    await put(person, { types: { moderation: { in_app: false, email: 'instant' } } });
    expect(await notifyRoleChanged(t.ctx, { userId: person.id, role: 'AL' })).toBeNull();
    expect(await inAppOf(person.id)).toEqual([]);
    const [mail] = await emailsTo(t.db, person.email);
    expect(mail?.subject).toContain('Your role was changed to Alumni.');
    expect(mail?.textBody).toContain('/user/profile');
    expect(mail?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('instant: one e-mail per notification through the outbox; off: none', async () => {
    const author = await createUser(t.db, { firstName: 'Ada', lastName: 'Author' });
    const fan = await createUser(t.db, { firstName: 'Finn', lastName: 'Fan' });
    const target = await newPost(author.id);
    await put(author, { types: { comment: { email: 'instant' } } });
    await comment(fan, target.id);
    const mails = await emailsTo(t.db, author.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'queued', subject: 'AlumLink: Finn Fan commented on your post.' });
    expect(mails[0]?.htmlBody).toContain('Finn Fan commented on your post.');

    await put(author, { types: { comment: { email: 'off', in_app: true } } });
    await comment(fan, target.id);
    expect(await emailsTo(t.db, author.email)).toHaveLength(1);
    expect(await inAppOf(author.id)).toHaveLength(2);
    expect(await itemsOf(author.id)).toEqual([]);
  });

  it('a deactivated person gets no instant e-mail (the bell still keeps it); nobody gets nothing', async () => {
    const person = await createUser(t.db);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, person.id));
    expect(await notifyRoleChanged(t.ctx, { userId: person.id, role: 'AL' })).not.toBeNull();
    expect(await inAppOf(person.id)).toHaveLength(1);
    expect(await emailsTo(t.db, person.email)).toEqual([]);
    expect(await notifyRoleChanged(t.ctx, { userId: 2_000_000_000, role: 'AL' })).toBeNull();
  });

  it('daily/weekly: kept for the digest; a change of choice moves or drops what waits', async () => {
    const author = await createUser(t.db);
    const fan = await createUser(t.db);
    const target = await newPost(author.id);
    await comment(fan, target.id); // comments: daily digest by default
    await comment(fan, target.id);
    expect(await emailsTo(t.db, author.email)).toEqual([]);
    expect((await itemsOf(author.id)).map((item) => [item.category, item.frequency, item.link])).toEqual([
      ['comment', 'daily', '/user'],
      ['comment', 'daily', '/user'],
    ]);
    await put(author, { types: { comment: { email: 'weekly' } } });
    expect((await itemsOf(author.id)).map((item) => item.frequency)).toEqual(['weekly', 'weekly']);
    await put(author, { types: { comment: { email: 'off' } } });
    expect(await itemsOf(author.id)).toEqual([]);
  });

  it('likes stay in the app only by default: no e-mail, no digest item', async () => {
    const author = await createUser(t.db);
    const fan = await createUser(t.db);
    const target = await newPost(author.id);
    await t.app.inject({ method: 'POST', url: `/social/posts/${target.id}/like/`, headers: await authHeader(t.app, fan) });
    expect(await inAppOf(author.id)).toHaveLength(1);
    expect(await emailsTo(t.db, author.email)).toEqual([]);
    expect(await itemsOf(author.id)).toEqual([]);
  });
});
