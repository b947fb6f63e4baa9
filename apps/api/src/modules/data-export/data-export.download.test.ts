// Downloading an export: only its owner, signed in (the bearer route), or the owner's browser through
// a one-time ticket that works once, within 60 s (DESIGN 8.4, decision 011).
import { YOUR_DATA_MESSAGES } from '@alumlink/contract';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportTickets, dataExports } from '../../db/schema/index';
import { authHeader, createTestApp, createUser, type TestApp } from '../../test/index';
import { runExportJobs } from './data-export.jobs';
import type { Auth } from './data-export.test-helpers';
import { readZip } from './zip-reader.test-helper';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 100 });
});
afterAll(() => t.close());

const start = (auth: Auth) => t.app.inject({ method: 'POST', url: '/api/account/export/', headers: auth });
const latest = (auth: Auth) => t.app.inject({ url: '/api/account/export/', headers: auth });
const download = (url: string, auth?: Auth) => t.app.inject({ url, ...(auth ? { headers: auth } : {}) });
const ticket = (id: number, auth: Auth) => t.app.inject({ method: 'POST', url: `/api/account/export/${id}/ticket/`, headers: auth });
const run = () => runExportJobs(t.ctx);

/** A person with a ready export: its id and download route. */
async function readyExport() {
  const user = await createUser(t.db);
  const auth = await authHeader(t.app, user);
  await start(auth);
  await run();
  const ready = (await latest(auth)).json<{ id: number; download_url: string }>();
  return { user, auth, id: ready.id, url: ready.download_url };
}

const NOT_FOUND = { detail: YOUR_DATA_MESSAGES.downloadNotFound, code: 'not_found' };

describe('GET /api/account/export/{id}/download/', () => {
  it("answers only the owner's bearer token: 401 without one, 404 for anyone else", async () => {
    const a = await readyExport();
    const b = await readyExport();
    expect((await download(a.url, a.auth)).statusCode).toBe(200);
    const anonymous = await download(a.url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'not_authenticated' });
    const someoneElse = await download(a.url, b.auth);
    expect(someoneElse.statusCode).toBe(404);
    expect(someoneElse.json()).toEqual(NOT_FOUND);
    // An unknown id is the same 404.
    expect((await download('/api/account/export/2147483000/download/', a.auth)).json()).toEqual(NOT_FOUND);
  });

  it('no longer works as a signed link: the old ?token= URL of an e-mail gets nothing without a sign-in', async () => {
    const a = await readyExport();
    const response = await download(`${a.url}?token=${'A'.repeat(43)}`);
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).not.toBe('application/zip');
  });

  it('stops working after 7 days; the file and the row are purged', async () => {
    const { user, auth, url: link } = await readyExport();
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, user.id));
    const file = path.join(t.config.dataDir, 'exports', row?.fileKey ?? 'missing');
    await expect(readFile(file)).resolves.toBeInstanceOf(Buffer);

    await t.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, row?.id ?? 0));
    expect((await download(link, auth)).statusCode).toBe(404);
    expect((await ticket(row?.id ?? 0, auth)).statusCode).toBe(404);
    expect((await latest(auth)).json()).toMatchObject({ status: 'ready', download_url: null });

    expect((await run()).purged).toBeGreaterThanOrEqual(1);
    await expect(readFile(file)).rejects.toThrow(/ENOENT/);
    expect((await latest(auth)).json()).toBeNull();
  });
});

describe('POST /api/account/export/{id}/ticket/ and the ticket URL', () => {
  it('mints a URL for the owner that downloads the zip once, within 60 s, without a bearer token', async () => {
    const a = await readyExport();
    const minted = await ticket(a.id, a.auth);
    expect(minted.statusCode).toBe(200);
    const { url, expires_at: expiresAt } = minted.json<{ url: string; expires_at: string }>();
    expect(url).toMatch(/^\/api\/account\/export\/tickets\/[A-Za-z0-9_-]{43}\/$/);
    const validFor = Date.parse(expiresAt) - Date.now();
    expect(validFor).toBeGreaterThan(50_000);
    expect(validFor).toBeLessThanOrEqual(60_000);

    const first = await download(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/zip');
    expect(first.headers['content-disposition']).toMatch(/^attachment; filename="AlumLink-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect((await readZip(first.rawPayload)).has('profile.json')).toBe(true);

    const again = await download(url);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(NOT_FOUND);
  });

  it('is stored hashed: the ticket itself is nowhere in the database', async () => {
    const a = await readyExport();
    const { url } = (await ticket(a.id, a.auth)).json<{ url: string }>();
    const value = url.split('/').at(-2) ?? '';
    const [row] = await t.db.select().from(dataExportTickets).where(eq(dataExportTickets.exportId, a.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(value);
  });

  it('refuses anyone but the owner (404), and needs a sign-in (401)', async () => {
    const a = await readyExport();
    const b = await readyExport();
    expect((await ticket(a.id, b.auth)).json()).toEqual(NOT_FOUND);
    expect((await t.app.inject({ method: 'POST', url: `/api/account/export/${a.id}/ticket/` })).statusCode).toBe(401);
    // A pending export has nothing to download yet.
    const c = await createUser(t.db);
    const cAuth = await authHeader(t.app, c);
    const pending = (await start(cAuth)).json<{ export: { id: number } }>().export.id;
    expect((await ticket(pending, cAuth)).statusCode).toBe(404);
  });

  it('does not work after 60 s, or with a made-up or overlong ticket (404; 414 past the router parameter length)', async () => {
    const a = await readyExport();
    const { url } = (await ticket(a.id, a.auth)).json<{ url: string }>();
    await t.db
      .update(dataExportTickets)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(dataExportTickets.exportId, a.id));
    expect((await download(url)).statusCode).toBe(404);
    expect((await download(`/api/account/export/tickets/${'x'.repeat(43)}/`)).statusCode).toBe(404);
    expect((await download(`/api/account/export/tickets/${'x'.repeat(101)}/`)).statusCode).toBe(414);
    // The worker's purge removes tickets nobody used.
    await run();
    expect(await t.db.select().from(dataExportTickets).where(eq(dataExportTickets.exportId, a.id))).toEqual([]);
  });

  it('gives one download when the same ticket is followed twice at once', async () => {
    const a = await readyExport();
    const { url } = (await ticket(a.id, a.auth)).json<{ url: string }>();
    const answers = await Promise.all([download(url), download(url)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
  });
});
