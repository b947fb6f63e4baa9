// What the browser paints before our code has run: the theme (an inline script in index.html,
// allowed by its hash in the CSP) and a static shell that the app removes once its first page is on
// screen: the frame of the signed-in pages, and the landing, sign-in and sign-up pages themselves
// (rendered at build time).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storedSessionOf } from './support/api-session.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { contextWithStorage } from './support/signed-in-page.ts';
import { openPage } from './support/browser.ts';

/** A demo person's session as the app stores it (the alumni's by default), plus a theme setting. */
async function storedSession(baseUrl: string, theme: string, email = 'alumni@example.com'): Promise<Record<string, string>> {
  return { ...(await storedSessionOf(baseUrl, email)), theme };
}

// A light system scheme: a dark page can only come from the stored setting.
const PHONE_LIGHT = { viewport: { width: 390, height: 844 }, colorScheme: 'light' } as const;

describe('first paint', () => {
  const suite = useServerAndBrowser({});
  /** A phone-sized context with a light system scheme whose local storage holds `storage`. */
  const lightPhone = async (storage: Record<string, string>) =>
    contextWithStorage(suite.browser, suite.server.baseUrl, storage, PHONE_LIGHT);

  it('paints the stored theme and the signed-in shell before any script file has loaded', async () => {
    const context = await lightPhone(await storedSession(suite.server.baseUrl, 'Dark'));
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
    const context = await lightPhone(await storedSession(suite.server.baseUrl, 'Dark'));
    const { page, errors } = await openPage(context);
    await page.goto('/user');
    await page.getByRole('article').first().waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('#boot-shell').count(), 0, 'the shell is gone');
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('paints the landing, sign-in and sign-up pages themselves before any script, inert and in the stored theme', async () => {
    const context = await lightPhone({ theme: 'Dark' });
    const { page } = await openPage(context);
    await page.route('**/assets/*.js', (route) => route.abort());
    const headings: Record<string, RegExp> = {
      '/': /Welcome to AlumLink, your professional community/,
      '/login': /Sign in to your account/,
      '/signup': /Signup to your account today\./,
    };
    for (const [path, heading] of Object.entries(headings)) {
      await page.goto(path);
      const shell = page.locator('#boot-shell');
      assert.equal(await shell.isVisible(), true, `${path}: the shell is on screen`);
      assert.match((await shell.locator('h1').textContent()) ?? '', heading);
      assert.equal(await shell.getAttribute('inert'), '', `${path}: nothing in the shell takes focus or input`);
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement === document.body), true, `${path}: Tab stays on the page body`);
      assert.equal(await shell.locator('.lucide-sun').isVisible(), true, `${path}: the dark theme's toggle icon`);
      assert.equal(await shell.locator('.lucide-moon').isVisible(), false);
      assert.equal(
        await page
          .locator('[id]')
          .evaluateAll((elements) => elements.filter((element) => element.closest('#boot-shell') && element.id !== 'boot-shell').length),
        0,
      );
    }
    await context.close();
  });

  it("replaces a public page's shell with the page, which takes input, with no CSP or console errors", async () => {
    const context = await lightPhone({ theme: 'Light' });
    const { page, errors } = await openPage(context);
    await page.goto('/login');
    await page.getByLabel('Email').fill('alumni@example.com');
    assert.equal(await page.locator('#boot-shell').count(), 0, 'the shell is gone');
    assert.equal(await page.getByRole('heading', { name: 'Sign in to your account' }).count(), 1);
    assert.equal(await page.getByLabel('Email').inputValue(), 'alumni@example.com');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("gives /admin the admin portal's own shell, gone once the dashboard shows", async () => {
    const context = await lightPhone(await storedSession(suite.server.baseUrl, 'Light', 'admin@example.com'));
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

  it("gives the other signed-in pages the frame without the feed's outline, and their code preloaded", async () => {
    for (const [email, path, chunk] of [
      ['alumni@example.com', '/user/jobs', 'jobs-page'],
      ['alumni@example.com', '/user/settings/profile', 'profile-settings-page'],
      ['admin@example.com', '/admin/jobs', 'jobs'],
    ] as const) {
      const context = await lightPhone(await storedSession(suite.server.baseUrl, 'Light', email));
      const withoutScripts = await context.newPage();
      await withoutScripts.route('**/assets/*.js', (route) => route.abort());
      await withoutScripts.goto(path);
      const shell = withoutScripts.locator('#boot-shell');
      assert.equal(await shell.isVisible(), true, `${path}: the shell is on screen`);
      assert.equal(await shell.locator('.h-96').count(), 0, `${path}: no outline of the feed or the dashboard`);
      const preloaded = await withoutScripts
        .locator('link[rel=modulepreload]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      assert.ok(
        preloaded.some((href) => href?.startsWith(`/assets/${chunk}-`)),
        `${path}: its page's code is preloaded (${preloaded.join(', ')})`,
      );
      await context.close();
    }
  });
});
