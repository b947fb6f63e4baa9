import { YOUR_DATA_MESSAGES } from '@alumlink/contract';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports, posts, referrals, users } from '../../db/schema/index';
import { listOperations } from '../../quality/support/openapi';
import { authHeader, createTestApp, createUser, emailsTo, type TestApp } from '../../test/index';
import { runExportJobs } from '../data-export/data-export.jobs';
import { activePerson, type Auth } from '../data-export/data-export.test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 100 });
});
afterAll(() => t.close());

const deleteAccount = (auth: Auth, payload: object) => t.app.inject({ method: 'DELETE', url: '/api/account/', headers: auth, payload });
const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password } });
const mediaPath = (url: string) => path.join(t.config.mediaDir, url.replace(/^\/media\//, ''));

/** Routes whose answers may name a deleted person by design (see docs/security.md). */
const KEEPS_NAMES: Record<string, string> = {
  'GET /dev/mailbox/': 'the dev mailbox holds the confirmation e-mail sent to them (development only)',
  'GET /dev/mailbox/messages.json': 'same',
  'GET /api/admin/audit-log/': "an administrator's deletion is audit-logged with the e-mail and name (docs/security.md)",
};

describe('DELETE /api/account/', () => {
  it('refuses a missing or wrong password (400 {password}) and changes nothing', async () => {
    const user = await createUser(t.db);
    const auth = await authHeader(t.app, user);
    expect((await deleteAccount(auth, {})).json()).toEqual({ password: [YOUR_DATA_MESSAGES.passwordRequired] });
    expect((await deleteAccount(auth, { password: '' })).json()).toEqual({ password: [YOUR_DATA_MESSAGES.passwordRequired] });
    const wrong = await deleteAccount(auth, { password: 'not-my-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: [YOUR_DATA_MESSAGES.passwordWrong] });
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/account/', payload: { password: user.password } })).statusCode).toBe(401);
  });

  it('deletes the person: sign-in stops, content and counters go, offers close, files go, conversations stay, a confirmation is e-mailed', async () => {
    const person = await activePerson(t, 'Ottoline');
    const { user, auth, other, otherAuth } = person;
    const secondDevice = (await signIn(user.email, user.password)).json<{ access: string; refresh: string }>();
    await t.app.inject({ method: 'POST', url: '/api/account/export/', headers: auth });
    await runExportJobs(t.ctx);
    const exportId = (await t.app.inject({ url: '/api/account/export/', headers: auth })).json<{ id: number }>().id;
    const ticketUrl = (await t.app.inject({ method: 'POST', url: `/api/account/export/${exportId}/ticket/`, headers: auth })).json<{
      url: string;
    }>().url;
    const [exportRow] = await t.db.select().from(dataExports).where(eq(dataExports.userId, user.id));
    const exportFile = path.join(t.config.dataDir, 'exports', exportRow?.fileKey ?? 'x');
    expect(existsSync(exportFile)).toBe(true);
    const response = await deleteAccount(auth, { password: user.password });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    // Sign-in stops at once, on every device.
    expect((await t.app.inject({ url: '/social/profiles/me/', headers: auth })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/social/profiles/me/', headers: { authorization: `Bearer ${secondDevice.access}` } })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: secondDevice.refresh } })).statusCode,
    ).toBe(401);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);

    // Posts go; their like and comment come off the other post's counters.
    expect(await t.db.select().from(posts).where(eq(posts.userId, user.id))).toHaveLength(0);
    const [otherPost] = await t.db.select().from(posts).where(eq(posts.id, person.otherPost.id));
    expect(otherPost).toMatchObject({ likesCount: 0, commentsCount: 0 });
    // Their offer stays, closed and without an owner, for the requests made on it (DESIGN 7).
    expect(await t.db.select().from(referrals).where(eq(referrals.id, person.referralId))).toEqual([
      expect.objectContaining({ status: 'closed', alumniId: null }),
    ]);

    // Media and exports are removed.
    expect(existsSync(mediaPath(person.post.image))).toBe(false);
    expect(existsSync(mediaPath(person.profileImage))).toBe(false);
    expect((await t.app.inject({ url: person.post.image })).statusCode).toBe(404);
    expect(existsSync(exportFile)).toBe(false);
    expect((await t.app.inject({ url: ticketUrl })).statusCode).toBe(404);

    // The other side keeps the conversation, with 'Deleted user'.
    const messages = await t.app.inject({ url: `/social/conversations/${person.conversationId}/messages/`, headers: otherAuth });
    expect(messages.statusCode).toBe(200);
    expect(
      messages
        .json()
        .results.map((message: { content: string }) => message.content)
        .sort(),
    ).toEqual(['Hello back', 'Hello from me']);
    const list = await t.app.inject({ url: '/social/conversations/', headers: otherAuth });
    expect(JSON.stringify(list.json())).toContain('Deleted user');

    const [mail] = await emailsTo(t.db, user.email);
    expect(mail?.subject).toBe('AlumLink: your account has been deleted');
    expect(mail?.textBody).toContain('as you asked');
    expect(other.id).toBeGreaterThan(0);
  });

  it('leaves nothing of the person readable through any route, as another member or an administrator', async () => {
    const marker = 'Wolfgangina';
    const person = await activePerson(t, marker);
    const admin = await createUser(t.db, { role: 'AD' });
    const viewers = { member: person.otherAuth, admin: await authHeader(t.app, admin) };
    const ids = [person.user.id, person.post.id, person.otherPost.id, person.referralId, person.conversationId];
    const operations = (await listOperations(t.app)).filter((operation) => operation.method === 'GET');
    const urls = (operationPath: string) =>
      operationPath.includes('{id}') ? ids.map((id) => operationPath.replace('{id}', String(id))) : [operationPath.replace('{slug}', 'x')];
    const readAll = async () => {
      const leaks: string[] = [];
      for (const operation of operations) {
        if (`${operation.method} ${operation.path}` in KEEPS_NAMES) continue;
        for (const url of urls(operation.path)) {
          for (const [who, headers] of Object.entries(viewers)) {
            const query = `?user_id=${person.user.id}&q=${marker}`;
            const response = await t.app.inject({ url: `${url}${query}`, headers });
            // Their offer stays (closed, owner null) for the requests made on it; the helper named its company after them.
            const body = response.body.toLowerCase().replaceAll(`${marker.toLowerCase()} corp`, '');
            if (body.includes(marker.toLowerCase()) || body.includes(person.user.email) || body.includes(person.user.username)) {
              leaks.push(`${who}: GET ${url} → ${response.statusCode} ${response.body.slice(0, 120)}`);
            }
          }
        }
      }
      return leaks;
    };
    // Before: the walk does find them (so it would notice a leak).
    expect((await readAll()).length).toBeGreaterThan(5);

    expect((await deleteAccount(person.auth, { password: person.user.password })).statusCode).toBe(204);
    expect(await readAll()).toEqual([]);
    // Two walks of every GET route, five ids, two viewers: about 1,000 requests.
  }, 300_000);
});

describe('admin deletion', () => {
  it('follows the same path: sign-in stops, files go, the person is e-mailed', async () => {
    const person = await activePerson(t, 'Bartholomew');
    const admin = await createUser(t.db, { role: 'AD' });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/users/admin/delete-user/${person.user.id}/`,
      headers: await authHeader(t.app, admin),
    });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/social/profiles/me/', headers: person.auth })).statusCode).toBe(401);
    expect(existsSync(mediaPath(person.post.image))).toBe(false);
    const [otherPost] = await t.db.select().from(posts).where(eq(posts.id, person.otherPost.id));
    expect(otherPost).toMatchObject({ likesCount: 0, commentsCount: 0 });
    const [mail] = await emailsTo(t.db, person.user.email);
    expect(mail?.subject).toBe('AlumLink: your account has been deleted');
    expect(mail?.textBody).toContain('by an administrator');
  });
});
