// Accounts end to end: sign up with the e-mailed code, sign in, guards, and the server's error messages.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useServerAndBrowser } from './support/suite.ts';
import { submitSignIn } from './support/sign-in.ts';
import { newContext, openPage } from './support/browser.ts';
import { latestCode } from './support/mailbox.ts';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await submitSignIn(page, email, password);
}

describe('accounts', () => {
  const suite = useServerAndBrowser();

  it('a new person signs up with the e-mailed code, lands on /login, signs in and reaches /user', async () => {
    const context = await newContext(suite.browser, suite.server.baseUrl);
    const { page, errors } = await openPage(context);
    const email = `grace.${Date.now()}@example.org`;
    await page.goto('/signup');
    await page.getByLabel(/first name/i).fill('Grace');
    await page.getByLabel(/last name/i).fill('Hopper');
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/^password$/i).fill('compiler-1952');
    await page.getByLabel(/confirm password/i).fill('compiler-1952');
    await page.getByLabel(/terms/i).check();
    await page.getByRole('button', { name: 'Generate OTP' }).click();
    await page.getByText('OTP sent to your email!').waitFor();

    const code = await latestCode(suite.server.baseUrl, email);
    await page
      .getByLabel(/otp|code/i)
      .first()
      .fill(code);
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await page.waitForURL('**/login', { timeout: 10_000 });

    await signIn(page, email, 'compiler-1952');
    await page.waitForURL('**/user', { timeout: 10_000 });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { email: string } | null);
    assert.equal(stored?.email, email);
    assert.ok(await page.evaluate(() => localStorage.getItem('access_token')));
    assert.deepEqual(
      errors.filter((e) => !e.includes('401')),
      [],
    );
    await context.close();
  });

  it('the demo administrator reaches /admin', async () => {
    const context = await newContext(suite.browser, suite.server.baseUrl);
    const { page } = await openPage(context);
    await signIn(page, 'admin@example.com', 'alumlink-demo');
    await page.waitForURL('**/admin', { timeout: 10_000 });
    await context.close();
  });

  it('a wrong password shows the server message', async () => {
    const context = await newContext(suite.browser, suite.server.baseUrl);
    const { page } = await openPage(context);
    await signIn(page, 'alumni@example.com', 'not-the-password');
    await page.getByText('No active account found with the given credentials').waitFor();
    assert.match(page.url(), /\/login$/);
    await context.close();
  });

  it('/admin and /user without a session go to /login; a trainee cannot open /admin', async () => {
    const context = await newContext(suite.browser, suite.server.baseUrl);
    const { page } = await openPage(context);
    await page.goto('/admin');
    await page.waitForURL('**/login');
    await page.goto('/user');
    await page.waitForURL('**/login');
    await signIn(page, 'trainee@example.com', 'alumlink-demo');
    await page.waitForURL('**/user', { timeout: 10_000 });
    await page.goto('/admin');
    await page.waitForURL('**/login');
    await context.close();
  });
});
