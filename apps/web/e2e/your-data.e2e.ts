// "Your data" end to end: an export is built in the background, announced by e-mail and downloaded
// signed in from Settings through a one-time ticket; an account is deleted from Settings and can
// no longer sign in.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DATA_EXPORT_FILES } from '@alumlink/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './support/api-session.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { signIn } from './support/sign-in.ts';
import { openNewPage } from './support/browser.ts';

type MailboxMessage = { to: string; subject: string; text: string };

async function mailTo(baseUrl: string, email: string, subject: string): Promise<MailboxMessage> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/dev/mailbox/messages.json?to=${encodeURIComponent(email)}`);
    if (response.ok) {
      const found = ((await response.json()) as { results: MailboxMessage[] }).results.find((message) => message.subject === subject);
      if (found) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no "${subject}" e-mailed to ${email}`);
}

/**
 * With SHOTS_DIR set: Settings → Your data with a ready export, at 1280 px and on a 390 px phone,
 * light and dark, as PNGs (the signed-in state is reused from `signedIn`).
 */
async function takeScreenshots(signedIn: BrowserContext, baseURL: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const storageState = await signedIn.storageState();
  const browser = signedIn.browser();
  assert.ok(browser);
  for (const [name, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const shot = await browser.newContext({ baseURL, viewport: { width, height }, colorScheme, storageState });
      const page = await shot.newPage();
      await page.goto('/user/settings#your-data');
      const section = page.getByRole('region', { name: 'Your data' });
      await section.getByRole('button', { name: /Download zip/ }).waitFor();
      await section.screenshot({ path: join(dir, `your-data-${name}-${colorScheme}.png`) });
      await page.screenshot({ path: join(dir, `settings-${name}-${colorScheme}.png`) });
      await shot.close();
    }
  }
}

describe('your data', () => {
  const suite = useServerAndBrowser({ RATE_LIMIT_MULTIPLIER: '20', EXPORT_WORKER_MS: '500', BACKGROUND_JOBS: 'on' });
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    ({ context, page, errors } = await openNewPage(suite.browser, suite.server.baseUrl));
  });

  it('exports your data: prepared in the background, e-mailed, downloaded signed in from Settings as a zip', async () => {
    await signIn(page, 'alumni@example.com');
    await page.goto('/user/settings/account');
    const section = page.getByRole('region', { name: 'Your data' });
    await section.getByRole('button', { name: 'Download my data' }).click();
    await section
      .getByText('Preparing', { exact: true })
      .or(section.getByText('Ready', { exact: true }))
      .first()
      .waitFor();
    // Polled every 5 s while pending.
    const button = section.getByRole('button', { name: /Download zip/ });
    await button.waitFor({ timeout: 20_000 });
    assert.match(await section.innerText(), /Available until/);
    assert.equal(await section.getByRole('link', { name: /Download zip/ }).count(), 0, 'no link that works by itself');

    // The button mints a one-time ticket with the session; the browser follows it.
    const [ticketAnswer, download] = await Promise.all([
      page.waitForResponse((response) => /\/api\/account\/export\/\d+\/ticket\/$/.test(response.url())),
      page.waitForEvent('download'),
      button.click(),
    ]);
    assert.equal(ticketAnswer.status(), 200);
    const ticketUrl = ((await ticketAnswer.json()) as { url: string }).url;
    assert.match(ticketUrl, /^\/api\/account\/export\/tickets\/[A-Za-z0-9_-]{43}\/$/);
    assert.match(download.suggestedFilename(), /^AlumLink-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await readFile((await download.path()) ?? '');
    assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'a zip file');
    for (const name of [...DATA_EXPORT_FILES]) assert.ok(bytes.includes(Buffer.from(name)), `${name} in the zip`);
    // The ticket was used up; the download route itself wants the owner's token.
    assert.equal((await fetch(`${suite.server.baseUrl}${ticketUrl}`)).status, 404);
    const exportId = /export\/(\d+)\/ticket/.exec(ticketAnswer.url())?.[1];
    assert.equal((await fetch(`${suite.server.baseUrl}/api/account/export/${exportId}/download/`)).status, 401);

    // The e-mail sends the person to Settings → Your data, never to the file.
    const mail = await mailTo(suite.server.baseUrl, 'alumni@example.com', 'AlumLink: your data is ready to download');
    assert.doesNotMatch(mail.text, /\/api\/account\/export/);
    const mailed = /(http\S+\/user\/settings#your-data)/.exec(mail.text)?.[1];
    assert.ok(mailed, 'the e-mail links to Settings → Your data');
    await page.goto(`${new URL(mailed).pathname}${new URL(mailed).hash}`);
    await section.getByRole('button', { name: /Download zip/ }).waitFor();
    assert.ok(await section.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight), 'scrolled to Your data');

    await takeScreenshots(context, suite.server.baseUrl);

    // A second request the same day is refused with the time left.
    await section.getByRole('button', { name: 'Download my data' }).click();
    await section.getByText(/You can download your data once a day\. Try again in \d+ hours\./).waitFor();
  });

  it('deletes an account from Settings: a dialog, the password, then signed out for good', async () => {
    await context.clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, 'trainee@example.com');
    await page.goto('/user/settings/account');
    await page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText('What goes:').waitFor();
    const password = dialog.getByLabel('Type your password to confirm');
    await password.fill('not-the-password-1');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Your password is not correct.').waitFor();
    await password.fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/login', { timeout: 15_000 });
    await page.getByText('Your account has been deleted.').waitFor();

    const signInAgain = await fetch(`${suite.server.baseUrl}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'trainee@example.com', password: DEMO_PASSWORD }),
    });
    assert.equal(signInAgain.status, 401);
    await mailTo(suite.server.baseUrl, 'trainee@example.com', 'AlumLink: your account has been deleted');
    assert.deepEqual(
      errors.filter((error) => !/status of 4\d\d/.test(error)),
      [],
    );
  });
});
