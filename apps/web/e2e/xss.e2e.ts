// Stored XSS: markup saved in a caption, a comment, a message, a bio and a name is shown as text
// on every page that displays it, and never runs (window.__xss stays undefined).
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { signInByApi } from './support/api-session.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { openNewPage } from './support/browser.ts';
import { PNG } from './support/fixtures.ts';

const PAYLOAD = '<script>window.__xss=1</script><img src=x onerror="window.__xss=1">';
const PASSWORD = 'alumlink-demo';

async function api<T>(baseUrl: string, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
  assert.ok(response.ok, `${init.method ?? 'GET'} ${path} → ${response.status} ${await response.clone().text()}`);
  return (await response.json()) as T;
}

async function tokenOf(baseUrl: string, email: string): Promise<string> {
  return (await signInByApi(baseUrl, email, PASSWORD)).access;
}

/** The payload is on the page as text, and nothing ran. */
async function assertInert(page: Page, where: string) {
  await page.waitForFunction((text) => document.body.innerText.includes(text), PAYLOAD, { timeout: 15_000 });
  assert.equal(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), undefined, `${where}: the payload ran`);
  // The page's own inline script (index.html's theme script) is there; none carries the payload.
  const inlineScripts = await page.locator('script:not([src])').allTextContents();
  assert.equal(inlineScripts.filter((text) => text.includes('__xss')).length, 0, `${where}: the payload's script element exists`);
  assert.equal(await page.locator('img[src="x"]').count(), 0, `${where}: the payload's img element exists`);
}

describe('stored markup stays text', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  let errors: string[];
  let alumniId: number;
  let conversationId: number;
  const dialogs: string[] = [];

  before(async () => {
    const alumni = await tokenOf(suite.server.baseUrl, 'alumni@example.com');
    const trainee = await tokenOf(suite.server.baseUrl, 'trainee@example.com');

    const me = await api<{ id: number }>(suite.server.baseUrl, '/social/user-profiles/update-me/', {
      method: 'PUT',
      token: alumni,
      body: JSON.stringify({ first_name: PAYLOAD, bio: PAYLOAD }),
    });
    alumniId = me.id;
    const form = new FormData();
    form.set('caption', PAYLOAD);
    form.set('image', new Blob([PNG], { type: 'image/png' }), 'xss.png');
    const post = await api<{ id: number }>(suite.server.baseUrl, '/social/posts/', { method: 'POST', token: alumni, body: form });
    await api(suite.server.baseUrl, `/social/posts/${post.id}/comment/`, {
      method: 'POST',
      token: alumni,
      body: JSON.stringify({ text: PAYLOAD }),
    });
    const conversation = await api<{ id: number }>(suite.server.baseUrl, '/social/conversations/start_conversation/', {
      method: 'POST',
      token: trainee,
      body: JSON.stringify({ user_id: alumniId }),
    });
    conversationId = conversation.id;
    await api(suite.server.baseUrl, `/social/conversations/${conversationId}/send_message/`, {
      method: 'POST',
      token: alumni,
      body: JSON.stringify({ content: PAYLOAD }),
    });

    ({ page, errors } = await openNewPage(suite.browser, suite.server.baseUrl));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/login');
    await page.getByLabel(/email/i).fill('trainee@example.com');
    await page.getByLabel(/^password$/i).fill(PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/user', { timeout: 15_000 });
  });

  it('shows the caption, the author name and the comment literally in the feed', async () => {
    await page.goto('/user');
    const card = page.getByRole('article').filter({ hasText: 'window.__xss' }).first();
    await card.waitFor();
    await assertInert(page, 'feed');
    await card.getByRole('button', { name: /comments/i }).click();
    await card.getByRole('list', { name: 'Comments' }).getByText(PAYLOAD, { exact: true }).first().waitFor();
    await assertInert(page, 'comments');
  });

  it('shows the name and the bio literally on the profile page', async () => {
    await page.goto(`/user/profile/${alumniId}`);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'window.__xss' }).waitFor();
    await assertInert(page, 'profile');
  });

  it('shows the message and the sender literally in the conversation', async () => {
    await page.goto(`/user/messages?conversation=${conversationId}`);
    await page.getByText(PAYLOAD, { exact: true }).first().waitFor();
    await assertInert(page, 'messages');
    assert.deepEqual(dialogs, []);
    assert.deepEqual(
      errors.filter((error) => !/Failed to load resource/.test(error)),
      [],
    );
  });
});
