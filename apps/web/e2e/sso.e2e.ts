// Single sign-on end to end: a real OpenID provider (oidc-provider, its plain HTML sign-in and
// consent pages) and the real server; the "Sign in with …" button takes a newcomer through the
// provider and back to /login/sso, which signs them in. Also: a refused e-mail shows why on /login.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startTestProvider, type TestProvider } from '../../api/src/test/oidc-test-provider.ts';
import { freePort, startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, newContext, openPage } from './support/browser.ts';

/** At the provider: its login form (any password), then its consent form if it asks, until it sends the browser back. */
async function signInAtProvider(page: Page, issuer: string, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  const consent = page.locator('input[name="prompt"][value="consent"]');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (new URL(page.url()).origin !== issuer) return;
    if (await consent.count()) {
      await page.locator('button[type="submit"]').click();
      return;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`still at the provider: ${page.url()}`);
}

describe('single sign-on', () => {
  let provider: TestProvider;
  let server: RunningServer;
  let browser: Browser;

  before(async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    provider = await startTestProvider(`${baseUrl}/api/auth/oidc/callback/`, {
      'ada.sso': { email: `ada.${Date.now()}@example.org`, email_verified: true, given_name: 'Ada', family_name: 'Lovelace' },
      'not.verified': { email: `nv.${Date.now()}@example.org`, email_verified: false },
    });
    server = await startServer({
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      RATE_LIMIT_MULTIPLIER: '20',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_LABEL: 'Sign in with Acme',
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await provider?.close();
  });

  it('a newcomer signs in through the provider and lands on /user signed in', async () => {
    const context = await newContext(browser, server.baseUrl);
    const { page, errors } = await openPage(context);
    await page.goto('/login');
    const button = page.getByRole('link', { name: 'Sign in with Acme' });
    await button.click();
    await page.waitForURL((url) => url.origin === provider.issuer, { timeout: 10_000 });
    await signInAtProvider(page, provider.issuer, 'ada.sso');
    // The provider's development pages ask for a web font this machine cannot reach: only the app's errors count.
    errors.length = 0;
    await page.waitForURL('**/user', { timeout: 15_000 });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { first_name: string } | null);
    assert.equal(stored?.first_name, 'Ada');
    assert.ok(await page.evaluate(() => localStorage.getItem('access_token')));
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('an e-mail the provider has not verified comes back to /login with the reason', async () => {
    const context = await newContext(browser, server.baseUrl);
    const { page } = await openPage(context);
    await page.goto('/signup');
    await page.getByRole('link', { name: 'Sign in with Acme' }).click();
    await page.waitForURL((url) => url.origin === provider.issuer, { timeout: 10_000 });
    await signInAtProvider(page, provider.issuer, 'not.verified');
    await page.waitForURL('**/login?sso_error=unverified_email', { timeout: 15_000 });
    await page.getByRole('alert').filter({ hasText: 'no verified e-mail address' }).waitFor();
    await context.close();
  });

  it('a used or unknown code on /login/sso says so, with a way back', async () => {
    const context = await newContext(browser, server.baseUrl);
    const { page } = await openPage(context);
    await page.goto('/login/sso?code=not-a-real-code');
    await page.getByText(/expired or was already used/).waitFor();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });
});
