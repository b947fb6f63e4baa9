// What the browser paints before our code has run: the theme (an inline script in index.html,
// allowed by its hash in the CSP) and, on the signed-in pages, a static shell that the app removes
// once its first page is on screen.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { storedSessionOf } from './support/api-session.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, openPage } from './support/browser.ts';

/** A demo person's session as the app stores it (the alumni's by default), plus a theme setting. */
async function storedSession(baseUrl: string, theme: string, email = 'alumni@example.com'): Promise<Record<string, string>> {
  return { ...(await storedSessionOf(baseUrl, email)), theme };
}

async function contextWithStorage(browser: Browser, baseUrl: string, storage: Record<string, string>): Promise<BrowserContext> {
  // A light system scheme: a dark page can only come from the stored setting.
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 }, colorScheme: 'light' });
  await context.addInitScript((entries) => {
    if (window.location.pathname === '/healthz') for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  await page.goto('/healthz');
  await page.close();
  return context;
}

describe('first paint', () => {
  let server: RunningServer;
  let browser: Browser;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('paints the stored theme and the signed-in shell before any script file has loaded', async () => {
    const context = await contextWithStorage(browser, server.baseUrl, await storedSession(server.baseUrl, 'Dark'));
    const { page } = await openPage(context);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/user');
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true, 'the dark class is on <html>');
    const shell = page.locator('#boot-shell');
    assert.equal(await shell.isVisible(), true, 'the shell is on screen');
    const background = await shell.evaluate((element) => getComputedStyle(element).backgroundColor);
    assert.notEqual(background, 'rgb(255, 255, 255)', 'the shell is painted in the dark palette');
    await context.close();
  });

  it('replaces the shell with the page once it has rendered, with no CSP or console errors', async () => {
    const context = await contextWithStorage(browser, server.baseUrl, await storedSession(server.baseUrl, 'Dark'));
    const { page, errors } = await openPage(context);
    await page.goto('/user');
    await page.getByRole('article').first().waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('#boot-shell').count(), 0, 'the shell is gone');
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("gives /admin the admin portal's own shell, gone once the dashboard shows", async () => {
    const context = await contextWithStorage(browser, server.baseUrl, await storedSession(server.baseUrl, 'Light', 'admin@example.com'));
    const withoutScripts = await context.newPage();
    await withoutScripts.route('**/assets/*.js', (route) => route.abort());
    await withoutScripts.goto('/admin');
    assert.match((await withoutScripts.locator('#boot-shell').textContent()) ?? '', /Admin Portal/);
    await withoutScripts.close();

    const { page, errors } = await openPage(context);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('#boot-shell').count(), 0, 'the shell is gone');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
