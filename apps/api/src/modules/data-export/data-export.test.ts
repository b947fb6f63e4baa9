import { DATA_EXPORT_FILES, YOUR_DATA_MESSAGES } from '@alumlink/contract';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, dataExports } from '../../db/schema/index';
import {
  authHeader,
  createCommunity,
  createEvent,
  createEventRegistration,
  createJob,
  createPost,
  createReferral,
  createTestApp,
  createUser,
  emailsTo,
  type TestApp,
} from '../../test/index';
import { runExportJobs } from './data-export.jobs';
import { EXPORT_PAGE_SIZE } from './data-export.sections';
import { activePerson, type Auth } from './data-export.test-helpers';
import { jsonOf, readZip } from './zip-reader.test-helper';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 100 });
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const start = (auth: Auth) => t.app.inject({ method: 'POST', url: '/api/account/export/', headers: auth });
const latest = (auth: Auth) => t.app.inject({ url: '/api/account/export/', headers: auth });
const download = (url: string, auth?: Auth) => t.app.inject({ url, ...(auth ? { headers: auth } : {}) });
const run = (now?: Date) => runExportJobs(t.ctx, now ? { now: () => now } : {});

describe('POST and GET /api/account/export/', () => {
  it('answers null before any export, 202 pending, then ready with its download route once built, and e-mails Settings → Your data', async () => {
    const { user, auth } = await activePerson(t, 'Zelda');
    expect((await latest(auth)).json()).toBeNull();

    const started = await start(auth);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({
      detail: YOUR_DATA_MESSAGES.exportStarted,
      export: { status: 'pending', download_url: null, expires_at: null },
    });
    expect((await latest(auth)).json()).toMatchObject({ id: started.json().export.id, status: 'pending' });

    expect((await run()).built).toBeGreaterThanOrEqual(1);
    const ready = (await latest(auth)).json();
    expect(ready.status).toBe('ready');
    expect(ready.download_url).toBe(`/api/account/export/${ready.id}/download/`);
    const expiresIn = Date.parse(ready.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * DAY_MS);
    expect(ready.size_bytes).toBeGreaterThan(0);

    const [mail] = await emailsTo(t.db, user.email);
    expect(mail?.subject).toBe('AlumLink: your data is ready to download');
    // The e-mail sends the person to Settings → Your data, never to the file.
    expect(mail?.textBody).toContain(`${t.config.publicUrl}/user/settings#your-data`);
    expect(`${mail?.textBody} ${mail?.htmlBody}`).not.toContain('/api/account/export');
  });

  it('allows one export per 24 hours (429 with the time left); a failed one does not count', async () => {
    const user = await createUser(t.db);
    const auth = await authHeader(t.app, user);
    expect((await start(auth)).statusCode).toBe(202);
    const again = await start(auth);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ detail: YOUR_DATA_MESSAGES.exportTooSoon.replace('{hours}', '23 hours'), code: 'export_too_soon' });

    // A day later it is allowed again.
    await t.db
      .update(dataExports)
      .set({ requestedAt: new Date(Date.now() - DAY_MS - 1000) })
      .where(eq(dataExports.userId, user.id));
    expect((await start(auth)).statusCode).toBe(202);
    // A failed export can be retried at once.
    await t.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.userId, user.id));
    expect((await start(auth)).statusCode).toBe(202);
  });

  it('two requests at the same moment give one export and one 429', async () => {
    const user = await createUser(t.db);
    const auth = await authHeader(t.app, user);
    const answers = await Promise.all([start(auth), start(auth), start(auth)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 429, 429]);
    const rows = await t.db.select().from(dataExports).where(eq(dataExports.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('needs a sign-in', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/account/export/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/account/export/' })).statusCode).toBe(401);
  });
});

describe('the zip', () => {
  it("holds the JSON files of 8.4 and the media, with the person's data", async () => {
    const person = await activePerson(t, 'Quentin');
    await start(person.auth);
    await run();
    const ready = (await latest(person.auth)).json();
    const response = await download(ready.download_url, person.auth);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="AlumLink-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const entries = await readZip(response.rawPayload);

    const names = [...entries.keys()];
    expect(names.slice(0, DATA_EXPORT_FILES.length)).toEqual([...DATA_EXPORT_FILES]);
    const profileKey = person.profileImage.replace(/^\/media\//, '');
    const postKey = person.post.image.replace(/^\/media\//, '');
    expect(names.slice(DATA_EXPORT_FILES.length).sort()).toEqual([`media/${profileKey}`, `media/${postKey}`].sort());
    expect(entries.get(`media/${postKey}`)).toEqual(await readFile(path.join(t.config.mediaDir, postKey)));

    expect(jsonOf(entries, 'profile.json')).toMatchObject({
      id: person.user.id,
      email: person.user.email,
      first_name: 'Quentin',
      image: `media/${profileKey}`,
    });
    expect(JSON.stringify(jsonOf(entries, 'profile.json'))).not.toContain('argon2');
    expect(jsonOf(entries, 'posts.json')).toEqual([
      expect.objectContaining({ id: person.post.id, caption: 'Quentin caption', image: `media/${postKey}` }),
    ]);
    expect(jsonOf(entries, 'comments.json')).toEqual([expect.objectContaining({ post_id: person.otherPost.id, text: 'Quentin comment' })]);
    expect(jsonOf(entries, 'likes.json')).toEqual([expect.objectContaining({ post_id: person.otherPost.id })]);
    expect(jsonOf(entries, 'messages.json')).toEqual([
      expect.objectContaining({
        conversation_id: person.conversationId,
        with_user_id: person.other.id,
        sent_by_me: true,
        content: 'Hello from me',
      }),
      expect.objectContaining({ conversation_id: person.conversationId, sent_by_me: false, content: 'Hello back' }),
    ]);
    expect(jsonOf(entries, 'referrals.json')).toEqual([
      expect.objectContaining({ id: person.referralId, company: 'Quentin Corp', ctc: 12.5, status: 'open' }),
    ]);
    expect(jsonOf(entries, 'mentoring.json')).toEqual([]);
    expect(jsonOf(entries, 'events.json')).toEqual([]);
    expect(jsonOf(entries, 'settings.json')).toMatchObject({
      theme: 'Default',
      two_factor: false,
      privacy: { phone: 'only_me', email: 'everyone' },
    });
  });

  it('holds what the modules contribute: referral requests with their history, registrations, communities, notifications, jobs, reports', async () => {
    const { user, auth } = await activePerson(t, 'Romy');
    const owner = await createUser(t.db, { role: 'AL' });
    const ownerAuth = await authHeader(t.app, owner);
    const offer = await createReferral(t.db, { alumniId: owner.id, company: 'Offer Co' });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/referrals/${offer.id}/requests/`,
      headers: auth,
      payload: { message: 'Romy would love a referral' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json<{ id: number }>().id;
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/referral-requests/${requestId}/status/`,
      headers: ownerAuth,
      payload: { status: 'referred', note: 'Sent to the hiring manager' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const event = await createEvent(t.db, { title: 'Romy meetup', capacity: 1 });
    await createEventRegistration(t.db, { eventId: event.id, userId: owner.id });
    const registered = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/register/`,
      headers: auth,
      payload: { guests: 2 },
    });
    expect(registered.json()).toMatchObject({ status: 'waitlisted' });
    const community = await createCommunity(t.db, { name: 'Romy club' });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/communities/${community.slug}/join/`, headers: auth })).statusCode,
    ).toBeLessThan(300);
    const job = await createJob(t.db, { postedBy: user.id, title: 'Romy role' });
    const othersPost = await createPost(t.db, { userId: owner.id, caption: 'reported', image: null });
    const report = await t.app.inject({
      method: 'POST',
      url: `/social/posts/${othersPost.id}/report/`,
      headers: auth,
      payload: { reason: 'Scam or fraud', note: 'Romy reports this' },
    });
    expect(report.statusCode, report.body).toBe(201);

    await start(auth);
    await run();
    const entries = await readZip((await download((await latest(auth)).json().download_url, auth)).rawPayload);
    expect(jsonOf(entries, 'referral-requests.json')).toEqual([
      expect.objectContaining({
        id: requestId,
        offer: expect.objectContaining({ id: offer.id, company: 'Offer Co' }),
        message: 'Romy would love a referral',
        status: 'referred',
        history: [
          expect.objectContaining({ status: 'requested', by: 'me' }),
          expect.objectContaining({ status: 'referred', note: 'Sent to the hiring manager', by: 'offer owner' }),
        ],
      }),
    ]);
    expect(jsonOf(entries, 'event-registrations.json')).toEqual([
      expect.objectContaining({ event_id: event.id, title: 'Romy meetup', status: 'waitlisted', guests: 2, checked_in_at: null }),
    ]);
    expect(jsonOf(entries, 'communities.json')).toEqual([expect.objectContaining({ community_id: community.id, name: 'Romy club' })]);
    const notifications = jsonOf(entries, 'notifications.json') as { type: string }[];
    expect(notifications.map((row) => row.type)).toEqual(expect.arrayContaining(['message', 'referral_status_changed']));
    expect(jsonOf(entries, 'jobs.json')).toEqual([expect.objectContaining({ id: job.id, title: 'Romy role', status: 'open' })]);
    expect(jsonOf(entries, 'moderation.json')).toEqual([
      expect.objectContaining({ kind: 'report', post_id: othersPost.id, reason: 'Scam or fraud', note: 'Romy reports this' }),
    ]);
    // Nothing of the offer's owner but what the person was told.
    expect(JSON.stringify(jsonOf(entries, 'referral-requests.json'))).not.toContain(owner.email);
  });

  it('pages through long lists (more rows than one page) and writes valid JSON', async () => {
    const user = await createUser(t.db);
    const auth = await authHeader(t.app, user);
    const other = await createUser(t.db);
    const { id: postId } = await createPost(t.db, { userId: other.id, caption: 'host', image: null });
    const count = EXPORT_PAGE_SIZE * 2 + 7;
    await t.db.execute(
      sql`insert into comments (post_id, user_id, text) select ${postId}, ${user.id}, 'comment ' || n from generate_series(1, ${count}) n`,
    );
    await start(auth);
    await run();
    const entries = await readZip((await download((await latest(auth)).json().download_url, auth)).rawPayload);
    const list = jsonOf(entries, 'comments.json') as { text: string }[];
    expect(list).toHaveLength(count);
    expect(new Set(list.map((row) => row.text)).size).toBe(count);
    await t.db.delete(comments).where(eq(comments.postId, postId));
  });
});

describe('the background build', () => {
  it('picks up an export again when its builder died (lease over), and not while the lease runs', async () => {
    const user = await createUser(t.db);
    const auth = await authHeader(t.app, user);
    await start(auth);
    // A builder claimed it and died: the lease holds it for now...
    await t.db
      .update(dataExports)
      .set({ claimedUntil: new Date(Date.now() + 60_000), attempts: 1 })
      .where(eq(dataExports.userId, user.id));
    await run();
    expect((await latest(auth)).json().status).toBe('pending');
    // ...and once the lease is over, the next run builds it.
    await t.db
      .update(dataExports)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(dataExports.userId, user.id));
    await run();
    expect((await latest(auth)).json().status).toBe('ready');
  });

  it('marks an export failed after the last attempt (and lets the person ask again)', async () => {
    const user = await createUser(t.db);
    const auth = await authHeader(t.app, user);
    await start(auth);
    await t.db.update(dataExports).set({ attempts: 2 }).where(eq(dataExports.userId, user.id));
    // A media key the storage refuses makes the build throw.
    await t.db.execute(sql`update users set image = '../escape.webp' where id = ${user.id}`);
    await run();
    const failed = (await latest(auth)).json();
    expect(failed).toMatchObject({ status: 'failed', download_url: null });
    await t.db.execute(sql`update users set image = null where id = ${user.id}`);
    expect((await start(auth)).statusCode).toBe(202);
  });
});
