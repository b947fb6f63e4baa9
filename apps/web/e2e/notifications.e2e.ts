// Notification choices end to end: Settings → Notifications on desktop and phone, a weekly digest
// run by an administrator, and its unsubscribe link used without signing in.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { signInByApi } from './support/api-session.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { signIn } from './support/sign-in.ts';
import { newContext, openPage } from './support/browser.ts';

type MailboxMessage = { to: string; subject: string; text: string };

async function apiCall(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('notification settings and digests', () => {
  const suite = useServerAndBrowser();
  let context: BrowserContext;
  let phoneContext: BrowserContext;
  let page: Page;
  const pageErrors: string[][] = [];

  before(async () => {
    context = await newContext(suite.browser, suite.server.baseUrl);
    let errors: string[];
    ({ page, errors } = await openPage(context));
    pageErrors.push(errors);
    await signIn(page, 'alumni@example.com');
  });

  it('chooses per type: in the app on or off, e-mail off, instant or in a digest', async () => {
    await page.goto('/user/settings');
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Notifications' }).click();
    await page.waitForURL('**/user/settings/notifications');
    const table = page.getByRole('table', { name: 'Notification types: in the app and by e-mail' });
    await table.waitFor();
    assert.equal(await page.getByLabel('Messages by e-mail').inputValue(), 'instant');
    assert.equal(await page.getByLabel('Likes by e-mail').inputValue(), 'off');

    await page.getByLabel('Comments by e-mail').selectOption('weekly');
    // Keyboard: the switch is reachable and toggles with Space.
    await page.getByRole('switch', { name: 'Likes in the app' }).focus();
    await page.keyboard.press('Space');
    assert.equal(await page.getByRole('switch', { name: 'Likes in the app' }).getAttribute('aria-checked'), 'false');
    await page.getByRole('button', { name: 'Save notification settings' }).click();
    await page.getByText('Notification settings saved.').waitFor();

    await page.reload();
    await table.waitFor();
    assert.equal(await page.getByLabel('Comments by e-mail').inputValue(), 'weekly');
    assert.equal(await page.getByRole('switch', { name: 'Likes in the app' }).getAttribute('aria-checked'), 'false');
    const { access } = await signInByApi(suite.server.baseUrl, 'alumni@example.com');
    const saved = (await (await apiCall(suite.server.baseUrl, access, 'GET', '/social/settings/notifications/')).json()) as {
      types: Record<string, { in_app: boolean; email: string }>;
    };
    assert.deepEqual(saved.types.comment, { in_app: true, email: 'weekly' });
    assert.deepEqual(saved.types.like, { in_app: false, email: 'off' });
  });

  it('fits a 390 px phone', async () => {
    phoneContext = await newContext(suite.browser, suite.server.baseUrl, 390, 844);
    const phone = await openPage(phoneContext);
    pageErrors.push(phone.errors);
    await signIn(phone.page, 'alumni@example.com');
    await phone.page.goto('/user/settings/notifications');
    await phone.page.getByLabel('Events by e-mail').waitFor();
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
  });

  it('a comment waits for the weekly digest, which an administrator sends; its link unsubscribes without signing in', async () => {
    const alumni = await signInByApi(suite.server.baseUrl, 'alumni@example.com');
    const trainee = await signInByApi(suite.server.baseUrl, 'trainee@example.com');
    const admin = await signInByApi(suite.server.baseUrl, 'admin@example.com');
    const own = (await (await apiCall(suite.server.baseUrl, alumni.access, 'GET', '/social/posts/user-posts/')).json()) as {
      results: { id: number }[];
    };
    const postId = own.results[0]?.id;
    assert.ok(postId, 'the demo alumnus has a post');
    const commented = await apiCall(suite.server.baseUrl, trainee.access, 'POST', `/social/posts/${postId}/comment/`, {
      text: 'Great write-up!',
    });
    assert.equal(commented.status, 201);

    const run = await apiCall(suite.server.baseUrl, admin.access, 'POST', '/api/admin/digests/run/', { frequency: 'weekly' });
    assert.equal(run.status, 200);
    assert.ok(((await run.json()) as { sent: number }).sent >= 1);
    const mailbox = (await (await fetch(`${suite.server.baseUrl}/dev/mailbox/messages.json?to=alumni%40example.com`)).json()) as {
      results: MailboxMessage[];
    };
    const digest = mailbox.results.find((message) => message.subject.startsWith('Your weekly AlumLink digest'));
    assert.ok(digest, 'the weekly digest is in the mailbox');
    assert.match(digest.text, /commented on your post\./);
    const token = /Stop e-mails about comments: \S+\/unsubscribe\?token=(\S+)/.exec(digest.text)?.[1];
    assert.ok(token, 'the digest has an unsubscribe link for comments');

    const strangerContext = await newContext(suite.browser, suite.server.baseUrl);
    try {
      const stranger = await openPage(strangerContext);
      pageErrors.push(stranger.errors);
      await stranger.page.goto(`/unsubscribe?token=${token}`);
      await stranger.page.getByText(/Stop e-mails about comments to a\*\*\*@example\.com\?/).waitFor();
      await stranger.page.getByRole('button', { name: 'Unsubscribe' }).click();
      await stranger.page.getByText(/no longer receives e-mails about comments/).waitFor();
    } finally {
      await strangerContext.close();
    }
    const after = (await (await apiCall(suite.server.baseUrl, alumni.access, 'GET', '/social/settings/notifications/')).json()) as {
      types: Record<string, { in_app: boolean; email: string }>;
    };
    assert.deepEqual(after.types.comment, { in_app: true, email: 'off' });
    assert.deepEqual(pageErrors.flat(), []);
  });
});
