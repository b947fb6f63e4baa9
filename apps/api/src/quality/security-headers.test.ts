// Security headers on every kind of answer (SPA page, JSON, errors, media, docs), HSTS only over
// HTTPS, and markup sent by users coming back as inert data (JSON, or escaped HTML).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { outgoingEmails } from '../db/schema/index';
import { inlineScriptHashes } from '../plugins/security-headers';
import { authHeader, createTestApp, createUser, type TestApp } from '../test/index';
import { imageFile, multipartBody, sampleImage } from '../test/uploads';

const MARKUP = '<script>window.__xss=1</script><img src=x onerror="window.__xss=1">';
const html = { accept: 'text/html,application/xhtml+xml' };
/** The test build's one inline script, like the theme script of the real index.html. */
const INLINE_SCRIPT = "document.documentElement.classList.add('dark')";
const INLINE_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;

let t: TestApp;
let mediaPath: string;
let dataDir: string;

/** `default-src 'self'; img-src ...` → { 'default-src': ["'self'"], ... } */
function cspDirectives(response: LightMyRequestResponse): Record<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  const directives: Record<string, string[]> = {};
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives[name] = values;
  }
  return directives;
}

function expectHardened(response: LightMyRequestResponse, what: string) {
  const csp = cspDirectives(response);
  expect(csp['script-src'], `${what}: script-src`).toBeDefined();
  expect(csp['script-src'], `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(csp['script-src'], `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(csp['script-src'], `${what}: our origin and the build's inline script, by hash`).toEqual(["'self'", INLINE_SCRIPT_SOURCE]);
  expect(csp['script-src-attr'], `${what}: script-src-attr`).toEqual(["'none'"]);
  expect(csp['object-src'], `${what}: object-src`).toEqual(["'none'"]);
  expect(csp['base-uri'], `${what}: base-uri`).toEqual(["'none'"]);
  expect(csp['frame-ancestors'], `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp['default-src'], `${what}: default-src`).toEqual(["'self'"]);
  expect(response.headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(response.headers['referrer-policy'], `${what}: referrer-policy`).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options'], `${what}: x-frame-options`).toBe('DENY');
  expect(response.headers['x-powered-by'], `${what}: x-powered-by`).toBeUndefined();
  expect(response.headers['cross-origin-opener-policy'], `${what}: COOP`).toBe('same-origin');
  expect(response.headers['cross-origin-resource-policy'], `${what}: CORP`).toBe('same-origin');
  expect(response.headers['strict-transport-security'], `${what}: no HSTS over plain http`).toBeUndefined();
}

beforeAll(async () => {
  // A web build of our own, so index.html and the SPA fallback are served.
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-headers-'));
  const webDistDir = path.join(dataDir, 'web');
  mkdirSync(path.join(webDistDir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(webDistDir, 'index.html'),
    `<!doctype html><html><head><script>${INLINE_SCRIPT}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(webDistDir, 'assets/app.js'), 'console.log("app")');
  t = await createTestApp({ rateLimitMultiplier: 100, webDistDir, dataDir, mediaDir: path.join(dataDir, 'media') });
  const author = await createUser(t.db, { role: 'AL' });
  const upload = multipartBody({ caption: 'with a picture' }, [imageFile(await sampleImage(16, 16))]);
  const created = await t.app.inject({
    method: 'POST',
    url: '/social/posts/',
    ...upload,
    headers: { ...upload.headers, ...(await authHeader(t.app, author)) },
  });
  expect(created.statusCode).toBe(201);
  mediaPath = new URL(created.json<{ image: string }>().image, 'http://localhost').pathname;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('hardens index.html, SPA routes, JSON answers, errors, media and the API docs alike', async () => {
    const token = await authHeader(t.app, await createUser(t.db, { role: 'TR' }));
    const answers: [string, Promise<LightMyRequestResponse>][] = [
      ['index.html', t.app.inject({ url: '/', headers: html })],
      ['an SPA route', t.app.inject({ url: '/user/profile', headers: html })],
      ['a hashed asset', t.app.inject({ url: '/assets/app.js' })],
      ['JSON (public)', t.app.inject({ url: '/api/communities/' })],
      ['JSON (signed in)', t.app.inject({ url: '/social/posts/', headers: token })],
      ['401', t.app.inject({ url: '/social/posts/' })],
      ['400', t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: 1 } })],
      ['404', t.app.inject({ url: '/api/nothing-here/' })],
      ['413', t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: 'x'.repeat(2_000_000) } })],
      ['media', t.app.inject({ url: mediaPath })],
      ['the API docs', t.app.inject({ url: '/api/docs/json' })],
      ['/healthz', t.app.inject({ url: '/healthz' })],
    ];
    for (const [what, pending] of answers) {
      const response = await pending;
      expect(response.statusCode, what).toBeLessThan(500);
      expectHardened(response, what);
    }
    expect((await answers[0]?.[1])?.headers['content-type']).toMatch(/^text\/html/);
  });

  it('sends HSTS when the request came over HTTPS through a trusted proxy, and only then', async () => {
    const viaTls = await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaTls.headers['strict-transport-security'], 'proxy not trusted: a client cannot claim https').toBeUndefined();

    const behindProxy = await createTestApp({ trustProxy: 1 });
    try {
      const secure = await behindProxy.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      const hsts = String(secure.headers['strict-transport-security']);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toContain('includeSubDomains');
      const plain = await behindProxy.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });
});

describe('inline script hashes', () => {
  it('hashes the body of each inline script (as the browser does) and skips scripts with a src', () => {
    const page = `<script type="module" src="/a.js"></script><script>${INLINE_SCRIPT}</script><SCRIPT data-x="1">let a = 'é'</SCRIPT><script></script>`;
    expect(inlineScriptHashes(page)).toEqual([
      INLINE_SCRIPT_SOURCE,
      `'sha256-${createHash('sha256').update("let a = 'é'", 'utf8').digest('base64')}'`,
    ]);
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });
});

describe('escaping: markup from users stays data', () => {
  it('returns markup in captions, comments, names and bios literally, as JSON that browsers will not sniff', async () => {
    const person = await createUser(t.db, { role: 'AL' });
    const headers = await authHeader(t.app, person);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/social/user-profiles/update-me/',
      headers,
      payload: { bio: MARKUP, first_name: MARKUP },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ bio: MARKUP, first_name: MARKUP });

    const upload = multipartBody({ caption: MARKUP }, [imageFile(await sampleImage(16, 16))]);
    const post = await t.app.inject({ method: 'POST', url: '/social/posts/', ...upload, headers: { ...upload.headers, ...headers } });
    expect(post.json()).toMatchObject({ caption: MARKUP });
    const postId = post.json<{ id: number }>().id;
    await t.app.inject({ method: 'POST', url: `/social/posts/${postId}/comment/`, headers, payload: { text: MARKUP } });
    const comments = await t.app.inject({ url: `/social/posts/${postId}/comments/`, headers });
    expect(comments.json<{ results: { text: string }[] }>().results[0]?.text).toBe(MARKUP);

    for (const response of [profile, post, comments]) {
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('never reflects a URL or a field into an HTML answer', async () => {
    const paths = ['/api/<script>alert(1)</script>/', `/social/posts/${encodeURIComponent(MARKUP)}/comments/`];
    for (const url of paths) {
      const response = await t.app.inject({ url });
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.body, url).not.toContain('<script>');
    }
    const page = await t.app.inject({ url: `/user/${encodeURIComponent('<script>alert(1)</script>')}`, headers: html });
    expect(page.body).not.toContain('alert(1)');
  });

  it('escapes a hostile name in the e-mail it sends and on the dev mailbox page', async () => {
    const email = `markup${Date.now()}@example.com`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/users/register/',
      payload: { first_name: MARKUP, last_name: MARKUP, email, password: 'correct horse 1', password_confirm: 'correct horse 1' },
    });
    expect(registered.statusCode).toBe(201);
    const rows = await t.db.select().from(outgoingEmails);
    const sent = rows.filter((row) => row.toAddress === email);
    expect(sent.length).toBeGreaterThan(0);
    for (const row of sent) {
      expect(row.htmlBody).not.toContain('<script>');
      expect(row.htmlBody).not.toContain('<img src=x');
    }
    const mailbox = await t.app.inject({ url: `/dev/mailbox/?to=${encodeURIComponent(email)}` });
    expect(mailbox.statusCode).toBe(200);
    expect(mailbox.body).not.toContain('<script>window');
    expect(mailbox.body).not.toContain('<img src=x');
    expectHardened(mailbox, 'the dev mailbox');
  });
});
