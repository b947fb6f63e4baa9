import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/index';

let t: TestApp;
const distDir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-dist-'));
const APP_JS = `console.log(${JSON.stringify('app '.repeat(400))});`;
const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  // The web build's per-page copies of index.html (apps/web/build/route-pages.ts).
  mkdirSync(path.join(distDir, 'route-html'), { recursive: true });
  writeFileSync(path.join(distDir, 'route-html', 'index.html'), ROOT_HTML);
  writeFileSync(path.join(distDir, 'route-html', 'login.html'), LOGIN_HTML);
  writeFileSync(path.join(distDir, 'assets', 'app-1a2b.js'), APP_JS);
  // What the web build's precompress plugin writes next to each text file.
  for (const file of ['index.html', 'assets/app-1a2b.js', 'route-html/login.html']) {
    const content = readFileSync(path.join(distDir, file));
    writeFileSync(path.join(distDir, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(distDir, `${file}.gz`), gzipSync(content));
  }
  writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDistDir: distDir });
  mkdirSync(path.join(t.config.mediaDir, 'avatars'), { recursive: true });
  writeFileSync(path.join(t.config.mediaDir, 'avatars', 'a1.webp'), 'RIFF....WEBP');
  mkdirSync(path.join(t.config.mediaDir, '.withheld', 'posts'), { recursive: true });
  writeFileSync(path.join(t.config.mediaDir, '.withheld', 'posts', 'p1.webp'), 'RIFF....WEBP');
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

const ROOT_HTML = INDEX_HTML.replace('</head>', '<link rel="modulepreload" href="/assets/landing-9f8e.js"></head>');
const LOGIN_HTML = INDEX_HTML.replace(
  '</head>',
  `<link rel="modulepreload" href="/assets/login-7c6d.js">${'<!-- padding -->'.repeat(50)}</head>`,
);
const html = { accept: 'text/html,application/xhtml+xml' };

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain('frame-src https://www.youtube-nocookie.com');
  expect(csp).toContain("connect-src 'self' ws: wss:");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  // Plain http: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('are on API answers', async () => {
    const response = await t.app.inject({ url: '/api/communities/' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response.headers);
  });

  it('are on index.html', async () => {
    const response = await t.app.inject({ url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response.headers);
  });

  it('include HSTS only over https', async () => {
    const secure = await createTestApp({ trustProxy: 1 });
    try {
      const response = await secure.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});

describe('the built web app', () => {
  it('serves index.html for page navigations, never cached', async () => {
    for (const url of ['/user/messages?x=1', '/admin', '/login/extra', '/signup']) {
      const response = await t.app.inject({ url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it("serves a page's own copy of index.html (preloading its code) for that exact page, never cached", async () => {
    const pages = [
      { url: '/', body: ROOT_HTML },
      { url: '/?ref=mail', body: ROOT_HTML },
      { url: '/login', body: LOGIN_HTML },
      { url: '/login/', body: LOGIN_HTML },
      { url: '/login?next=%2Fuser', body: LOGIN_HTML },
    ];
    for (const { url, body } of pages) {
      const response = await t.app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(body);
    }
    const compressed = await t.app.inject({ url: '/login', headers: { ...html, 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(LOGIN_HTML);
    // The copies are not files of their own.
    const direct = await t.app.inject({ url: '/route-html/login.html' });
    expect(direct.statusCode).toBe(404);
  });

  it('serves the app at the site root whatever the Accept header', async () => {
    const response = await t.app.inject({ url: '/', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('caches hashed assets for a year and serves other files', async () => {
    const asset = await t.app.inject({ url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await t.app.inject({ url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
  });

  it('sends the precompressed brotli or gzip file the client accepts, identity otherwise, varying on Accept-Encoding', async () => {
    const cases = [
      { acceptEncoding: 'gzip, deflate, br, zstd', encoding: 'br', decode: brotliDecompressSync },
      { acceptEncoding: 'gzip, deflate', encoding: 'gzip', decode: gunzipSync },
      { acceptEncoding: 'br;q=0.5, gzip', encoding: 'gzip', decode: gunzipSync },
      { acceptEncoding: 'identity', encoding: undefined, decode: (body: Buffer) => body },
      { acceptEncoding: undefined, encoding: undefined, decode: (body: Buffer) => body },
    ];
    for (const { acceptEncoding, encoding, decode } of cases) {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      const asset = await t.app.inject({ url: '/assets/app-1a2b.js', headers });
      expect(asset.statusCode, acceptEncoding).toBe(200);
      expect(asset.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(asset.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(asset.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(asset.rawPayload).toString()).toBe(APP_JS);
      if (encoding) expect(asset.rawPayload.length).toBeLessThan(APP_JS.length);

      const page = await t.app.inject({ url: '/user/messages', headers: { ...html, ...headers } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(String(page.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(page.rawPayload).toString()).toBe(INDEX_HTML);
    }
  });

  it('sends files without a compressed copy as they are, and never the compressed copies as files of their own', async () => {
    const favicon = await t.app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['content-encoding']).toBeUndefined();
    expect(favicon.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const url of ['/assets/app-1a2b.js.br', '/assets/app-1a2b.js.gz', '/index.html.br']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('never answers API-like paths or non-HTML requests with index.html', async () => {
    for (const url of ['/api/nope/', '/social/nope/', '/users/nope/', '/ws/x', '/media/missing.webp', '/dev/x']) {
      const response = await t.app.inject({ url, headers: html });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    const json = await t.app.inject({ url: '/login', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/login', headers: html });
    expect(post.statusCode).toBe(404);
  });
});

describe('media', () => {
  it('serves stored media with immutable caching', async () => {
    const response = await t.app.inject({ url: '/media/avatars/a1.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('does not escape the media directory', async () => {
    const response = await t.app.inject({ url: '/media/../jwt-secret' });
    expect(response.statusCode).toBe(404);
    const encoded = await t.app.inject({ url: '/media/%2e%2e/jwt-secret' });
    expect([400, 403, 404]).toContain(encoded.statusCode);
    expect(encoded.body).not.toContain('test-secret');
  });

  it('never serves withheld media (404, like a missing file)', async () => {
    for (const url of ['/media/.withheld/posts/p1.webp', '/media/%2ewithheld/posts/p1.webp', '/media/posts/../.withheld/posts/p1.webp']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });
});
