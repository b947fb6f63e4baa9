import { DATA_EXPORT_FILES, YOUR_DATA_MESSAGES } from '@alumlink/contract';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, dataExports } from '../../db/schema/index';
import { authHeader, createPost, createTestApp, createUser, emailsTo, type TestApp } from '../../test/index';
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
const download = (url: string) => t.app.inject({ url });
const run = (now?: Date) => runExportJobs(t.ctx, now ? { now: () => now } : {});

describe('POST and GET /api/account/export/', () => {
  it('answers null before any export, 202 pending, then ready with a signed link once built, and e-mails it', async () => {
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
    expect(ready.download_url).toMatch(new RegExp(`^/api/account/export/${ready.id}/download/\\?token=[A-Za-z0-9_-]{43}$`));
    const expiresIn = Date.parse(ready.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * DAY_MS);
    expect(ready.size_bytes).toBeGreaterThan(0);

    const [mail] = await emailsTo(t.db, user.email);
    expect(mail?.subject).toBe('AlumLink: your data is ready to download');
    expect(mail?.textBody).toContain(`${t.config.publicUrl}${ready.download_url}`);
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
    const response = await download(ready.download_url);
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
    const entries = await readZip((await download((await latest(auth)).json().download_url)).rawPayload);
    const list = jsonOf(entries, 'comments.json') as { text: string }[];
    expect(list).toHaveLength(count);
    expect(new Set(list.map((row) => row.text)).size).toBe(count);
    await t.db.delete(comments).where(eq(comments.postId, postId));
  });
});

describe('GET /api/account/export/{id}/download/', () => {
  it("serves only the holder of the signed link: wrong, missing or another export's token → 404", async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const authA = await authHeader(t.app, a);
    const authB = await authHeader(t.app, b);
    await start(authA);
    await start(authB);
    await run();
    const linkA = (await latest(authA)).json().download_url as string;
    const linkB = (await latest(authB)).json().download_url as string;
    const idA = /export\/(\d+)\//.exec(linkA)?.[1];
    const tokenB = new URL(linkB, 'http://x').searchParams.get('token');
    expect((await download(linkA)).statusCode).toBe(200);
    for (const url of [
      `/api/account/export/${idA}/download/`,
      `/api/account/export/${idA}/download/?token=${tokenB}`,
      `${linkA.slice(0, -2)}xx`,
      `/api/account/export/${idA}/download/?token=`,
    ]) {
      const response = await download(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'This download link is not valid or has expired.', code: 'not_found' });
    }
    // Signed in as someone else changes nothing.
    expect((await t.app.inject({ url: `/api/account/export/${idA}/download/`, headers: authB })).statusCode).toBe(404);
  });

  it('stops working after 7 days; the file and the row are purged', async () => {
    const user = await createUser(t.db);
    const auth = await authHeader(t.app, user);
    await start(auth);
    await run();
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, user.id));
    const link = (await latest(auth)).json().download_url as string;
    const file = path.join(t.config.dataDir, 'exports', row?.fileKey ?? 'missing');
    await expect(readFile(file)).resolves.toBeInstanceOf(Buffer);

    await t.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, row?.id ?? 0));
    expect((await download(link)).statusCode).toBe(404);
    expect((await latest(auth)).json()).toMatchObject({ status: 'ready', download_url: null });

    expect((await run()).purged).toBeGreaterThanOrEqual(1);
    await expect(readFile(file)).rejects.toThrow(/ENOENT/);
    expect((await latest(auth)).json()).toBeNull();
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
