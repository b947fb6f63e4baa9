import { expect } from 'vitest';
import type { App } from '../../app';

/**
 * Drives a single sign-on like a browser: GET /api/auth/oidc/start/ on the app (keeping its state
 * cookie), then the provider's own pages over HTTP (its cookies kept, the login form filled with
 * `login`, consent given), until the provider redirects to the app's callback. Returns that
 * redirect's query and the app's state cookie, for the test to call the callback with (or not).
 */
export async function signInAtProvider(app: App, login: string): Promise<{ query: string; cookie: string }> {
  const start = await app.inject({ method: 'GET', url: '/api/auth/oidc/start/' });
  expect(start.statusCode).toBe(302);
  const setCookie = String(start.headers['set-cookie'] ?? '');
  const cookie = setCookie.split(';')[0] ?? '';
  expect(setCookie).toMatch(/HttpOnly/);
  const callbackPath = '/api/auth/oidc/callback/';
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookies = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

  let url = String(start.headers.location);
  for (let step = 0; step < 12; step += 1) {
    if (new URL(url).pathname === callbackPath) return { query: new URL(url).search.slice(1), cookie };
    const page = await fetch(url, { redirect: 'manual', headers: { cookie: cookies() } });
    remember(page);
    if (page.status >= 300 && page.status < 400) {
      url = new URL(page.headers.get('location') ?? '', url).href;
      continue;
    }
    const html = await page.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page (${page.status}): ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any password' } : {}) });
    const posted = await fetch(new URL(action.replaceAll('&amp;', '&'), url), {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { cookie: cookies(), 'content-type': 'application/x-www-form-urlencoded' },
    });
    remember(posted);
    url = new URL(posted.headers.get('location') ?? '', url).href;
  }
  throw new Error('the provider never redirected to the callback');
}

/** The callback's redirect for a provider answer and a state cookie. */
export async function callback(app: App, answer: { query: string; cookie: string }): Promise<URL> {
  const response = await app.inject({ method: 'GET', url: `/api/auth/oidc/callback/?${answer.query}`, headers: { cookie: answer.cookie } });
  expect(response.statusCode).toBe(302);
  expect(String(response.headers['set-cookie'])).toMatch(/alumlink_sso=;.*Max-Age=0/);
  return new URL(String(response.headers.location));
}
