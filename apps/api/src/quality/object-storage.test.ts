// Issue #41 "Storage": with STORAGE=s3 media and exports live in the bucket (s3rver, started here),
// /media URLs stay the same, exports download through a presigned URL, deletions delete objects,
// and a bucket that does not answer is a clear 503 for the upload while the rest keeps serving.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports, posts } from '../db/schema/index';
import { S3Bucket } from '../lib/storage/index';
import { runExportJobs } from '../modules/data-export/data-export.jobs';
import { createDownloadTicket } from '../modules/data-export/data-export.service';
import { readZip } from '../modules/data-export/zip-reader.test-helper';
import { authHeader, createTestApp, createUser, type TestApp } from '../test/index';
import { startTestBucket, unreachableBucket, type TestBucket } from '../test/s3-test-server';
import { imageFile, multipartBody, sampleImage } from '../test/uploads';

type Auth = { authorization: string };

let server: TestBucket;
let bucket: S3Bucket;
let t: TestApp;
let side = 30;

beforeAll(async () => {
  server = await startTestBucket();
  bucket = new S3Bucket(server.storage);
  t = await createTestApp({ storage: server.storage, rateLimitMultiplier: 100 });
});
afterAll(async () => {
  await t.close();
  await server.close();
});

async function objectKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of bucket.list('')) keys.push(object.key);
  return keys;
}

async function person() {
  const user = await createUser(t.db, { role: 'AL' });
  return { user, auth: await authHeader(t.app, user) };
}

async function upload(app: TestApp, url: string, method: 'POST' | 'PUT', auth: Auth, fields: Record<string, string> = {}) {
  side += 1;
  const body = multipartBody(fields, [imageFile(await sampleImage(side, side, 'png'))]);
  return app.app.inject({ method, url, payload: body.payload, headers: { ...auth, ...body.headers } });
}

async function createPost(auth: Auth): Promise<{ id: number; image: string }> {
  const response = await upload(t, '/social/posts/', 'POST', auth, { caption: 'In the bucket' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const objectOf = (mediaUrl: string) => `media/${mediaUrl.replace(/^\/media\//, '')}`;

describe('media in the bucket', () => {
  it('an image post is an object under media/, served at its usual /media URL, and gone with the post', async () => {
    const { auth } = await person();
    const post = await createPost(auth);
    expect(post.image).toMatch(/^\/media\/posts\/[0-9a-f]{64}\.webp$/);
    expect(await objectKeys()).toContain(objectOf(post.image));

    const feed = await t.app.inject({ url: '/social/posts/', headers: auth });
    expect(feed.json<{ results: { id: number; image: string }[] }>().results).toContainEqual(
      expect.objectContaining({ id: post.id, image: post.image }),
    );

    const served = await t.app.inject({ url: post.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(served.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);

    expect((await t.app.inject({ method: 'DELETE', url: `/social/posts/${post.id}/`, headers: auth })).statusCode).toBe(204);
    expect(await objectKeys()).not.toContain(objectOf(post.image));
    expect((await t.app.inject({ url: post.image })).statusCode).toBe(404);
  });

  it('answers 404 for unknown and unsafe keys, never a bucket listing', async () => {
    for (const url of ['/media/posts/nothing.webp', '/media/../withheld/x.webp', '/media/', '/media/posts/%2e%2e/x.webp']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('the System page says the storage is s3', async () => {
    const admin = await authHeader(t.app, await createUser(t.db, { role: 'AD' }));
    expect((await t.app.inject({ url: '/api/admin/system/', headers: admin })).json()).toMatchObject({ storage: { kind: 's3' } });
  });
});

describe('exports in the bucket', () => {
  async function readyExport(auth: Auth) {
    await t.app.inject({ method: 'POST', url: '/api/account/export/', headers: auth });
    await runExportJobs(t.ctx);
    return (await t.app.inject({ url: '/api/account/export/', headers: auth })).json<{ id: number; status: string }>();
  }

  it('a ticket is a presigned URL (60 s) that downloads the zip; it expires; expired exports are purged', async () => {
    const { user, auth } = await person();
    const ready = await readyExport(auth);
    expect(ready.status).toBe('ready');
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, ready.id));
    expect(await objectKeys()).toContain(`exports/${row?.fileKey}`);

    const ticket = (await t.app.inject({ method: 'POST', url: `/api/account/export/${ready.id}/ticket/`, headers: auth })).json<{
      url: string;
      expires_at: string;
    }>();
    expect(ticket.url).toContain(`${server.endpoint}/${server.storage.bucket}/exports/`);
    expect(ticket.url).toContain('X-Amz-Expires=60');
    const download = await fetch(ticket.url);
    expect([download.status, download.headers.get('content-type')]).toEqual([200, 'application/zip']);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="AlumLink-data-\d{4}-\d\d-\d\d\.zip"$/);
    expect((await readZip(Buffer.from(await download.arrayBuffer()))).size).toBeGreaterThan(0);

    // Someone else gets no URL; one signed two minutes ago no longer works.
    const other = await person();
    expect((await t.app.inject({ method: 'POST', url: `/api/account/export/${ready.id}/ticket/`, headers: other.auth })).statusCode).toBe(
      404,
    );
    const old = await createDownloadTicket(t.ctx, { ...user, id: user.id } as never, ready.id, new Date(Date.now() - 120_000));
    expect((await fetch(old.url)).status).toBe(403);

    await t.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, ready.id));
    expect((await runExportJobs(t.ctx)).purged).toBeGreaterThanOrEqual(1);
    expect(await objectKeys()).not.toContain(`exports/${row?.fileKey}`);
  });

  it("leaving deletes the person's objects: avatar, post images and exports", async () => {
    const { user, auth } = await person();
    const avatar = (await upload(t, '/social/user-profiles/update-me/', 'PUT', auth)).json<{ image: string }>().image;
    const post = await createPost(auth);
    const ready = await readyExport(auth);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, ready.id));
    const mine = [objectOf(avatar), objectOf(post.image), `exports/${row?.fileKey}`];
    expect(await objectKeys()).toEqual(expect.arrayContaining(mine));

    const left = await t.app.inject({ method: 'DELETE', url: '/api/account/', headers: auth, payload: { password: user.password } });
    expect(left.statusCode, left.body).toBe(204);
    const after = await objectKeys();
    expect(mine.filter((key) => after.includes(key))).toEqual([]);
  });
});

describe('a bucket that does not answer', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await createTestApp({ storage: { ...unreachableBucket(), mediaPublicUrl: 'https://cdn.example.org/media' } });
  });
  afterAll(() => down.close());

  it('fails the upload with a clear 503, stores no post, and the server keeps serving', async () => {
    const user = await createUser(down.db, { role: 'AL' });
    const auth = await authHeader(down.app, user);
    const response = await upload(down, '/social/posts/', 'POST', auth, { caption: 'Lost?' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: 'File storage is unavailable right now. Nothing was saved; please try again in a moment.',
      code: 'storage_unavailable',
    });
    expect(response.headers['retry-after']).toBe('30');
    const [stored] = await down.db.select({ n: count() }).from(posts).where(eq(posts.userId, user.id));
    expect(stored?.n).toBe(0);
    expect((await down.app.inject({ url: '/social/posts/', headers: auth })).statusCode).toBe(200);
    expect((await down.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('fails an export build and releases it for a retry (the job does not stop)', async () => {
    const user = await createUser(down.db, { role: 'AL' });
    await down.app.inject({ method: 'POST', url: '/api/account/export/', headers: await authHeader(down.app, user) });
    expect(await runExportJobs(down.ctx, { maxBuilds: 1 })).toMatchObject({ built: 0, failed: 1 });
    const [row] = await down.db.select().from(dataExports).where(eq(dataExports.userId, user.id));
    expect([row?.status, row?.fileKey]).toEqual(['pending', null]);
  });

  it('with MEDIA_PUBLIC_URL, /media redirects to the CDN (which the CSP allows) without asking the bucket', async () => {
    const response = await down.app.inject({ url: '/media/posts/abc.webp' });
    expect([response.statusCode, response.headers.location]).toEqual([302, 'https://cdn.example.org/media/posts/abc.webp']);
    expect(response.headers['content-security-policy']).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example\.org;/);
  });
});
