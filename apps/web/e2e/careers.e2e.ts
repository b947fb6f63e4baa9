// Careers and community end to end: referrals, jobs, event registration, live discussions, two-factor sign-in.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { signInByApi } from './support/api-session.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { signIn, submitSignIn } from './support/sign-in.ts';
import { newContext, openPage } from './support/browser.ts';
import { latestCode } from './support/mailbox.ts';

async function apiToken(baseUrl: string, email: string): Promise<string> {
  return (await signInByApi(baseUrl, email)).access;
}

describe('careers and community', () => {
  const suite = useServerAndBrowser();
  let alumniContext: BrowserContext;
  let traineeContext: BrowserContext;
  let alumni: Page;
  let trainee: Page;
  const pageErrors: string[][] = [];
  const stamp = Date.now();
  const referralRole = `Platform Engineer ${stamp}`;
  const jobTitle = `Site Reliability Engineer ${stamp}`;

  before(async () => {
    alumniContext = await newContext(suite.browser, suite.server.baseUrl);
    traineeContext = await newContext(suite.browser, suite.server.baseUrl);
    let errors: string[];
    ({ page: alumni, errors } = await openPage(alumniContext));
    pageErrors.push(errors);
    ({ page: trainee, errors } = await openPage(traineeContext));
    pageErrors.push(errors);
    await signIn(alumni, 'alumni@example.com');
    await signIn(trainee, 'trainee@example.com');
  });

  it('an alumnus posts a referral and a job', async () => {
    await alumni.goto('/user/referrals');
    // The board comes first; the form opens from its button.
    await alumni.getByRole('button', { name: 'Offer a referral' }).click();
    const form = alumni.getByRole('form', { name: 'Referral' });
    await form.getByLabel('Company').fill('Acme Cloud');
    await form.getByLabel('Role').fill(referralRole);
    await form.getByLabel('CTC (LPA)').fill('15.5');
    await form.getByLabel('Location').fill('Remote');
    await form.getByLabel('Requirements').fill('Kubernetes, Go and on-call experience.');
    await form.getByRole('button', { name: 'Submit referral' }).click();
    await alumni.getByText('Referral submitted successfully!').waitFor();
    await form.waitFor({ state: 'detached' });
    await alumni.getByRole('article', { name: `Your referral: ${referralRole} at Acme Cloud` }).waitFor();

    await alumni.goto('/user/jobs');
    await alumni.getByRole('button', { name: 'Post a job' }).click();
    const dialog = alumni.getByRole('dialog', { name: 'Post a job' });
    await dialog.getByLabel('Title').fill(jobTitle);
    await dialog.getByLabel('Company').fill('Acme Cloud');
    await dialog.getByLabel('Location').fill('Remote');
    await dialog.getByLabel('Type').selectOption('Contract');
    await dialog.getByLabel('Apply link or e-mail').fill('not a link');
    await dialog.getByRole('button', { name: 'Post job' }).click();
    await dialog.getByText('Enter an https URL or an e-mail address.').waitFor();
    await dialog.getByLabel('Apply link or e-mail').fill('jobs@acme.example.com');
    await dialog.getByRole('button', { name: 'Post job' }).click();
    await alumni.getByText('Job posted.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await alumni
      .getByRole('list', { name: 'Jobs' })
      .getByRole('article', { name: `${jobTitle} at Acme Cloud` })
      .waitFor();

    // Everyone sees it under its type, nobody under another.
    await trainee.goto('/user/jobs');
    await trainee.getByRole('button', { name: 'Contract' }).click();
    await trainee.getByRole('article', { name: `${jobTitle} at Acme Cloud` }).waitFor();
    await trainee.getByRole('button', { name: 'Part-Time' }).click();
    await trainee.getByRole('article', { name: `${jobTitle} at Acme Cloud` }).waitFor({ state: 'detached' });
    assert.equal(await trainee.getByRole('button', { name: 'Post a job' }).count(), 0);
  });

  it("a trainee sees 'Access Restricted' with the listing, asks for the referral and the alumnus receives the request", async () => {
    await trainee.goto('/user/referrals');
    await trainee.getByRole('heading', { name: 'Access Restricted' }).waitFor();
    const card = trainee.getByRole('article', { name: `${referralRole} at Acme Cloud` });
    await card.getByRole('button', { name: /Ask for a referral/ }).click();
    const dialog = trainee.getByRole('dialog', { name: 'Ask for a referral' });
    await dialog.getByLabel('Message').fill(`Please refer me for ${referralRole}.`);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await trainee.getByText('Referral request sent.').waitFor();
    await trainee.getByRole('article', { name: `Your request: ${referralRole} at Acme Cloud` }).waitFor();

    const token = await apiToken(suite.server.baseUrl, 'alumni@example.com');
    const mine = await fetch(`${suite.server.baseUrl}/api/referrals/mine/`, { headers: { Authorization: `Bearer ${token}` } });
    const offers = (await mine.json()) as { results: { id: number; role: string }[] };
    const offer = offers.results.find((row) => row.role === referralRole);
    assert.ok(offer, 'the offer is the alumnus’s');
    const response = await fetch(`${suite.server.baseUrl}/api/referrals/${offer.id}/requests/`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { results: { message: string; status: string }[] };
    assert.deepEqual(
      body.results.map((request) => [request.status, request.message]),
      [['requested', `Please refer me for ${referralRole}.`]],
      'the alumnus has the request on their board',
    );
  });

  it('a visitor clicks Register Now, signs in, registers, sees the alert and the registered state after reload', async () => {
    const context = await newContext(suite.browser, suite.server.baseUrl);
    const { page, errors } = await openPage(context);
    pageErrors.push(errors);
    const event = 'Full-Stack Career Meetup';
    await page.goto('/events');
    await page.getByRole('link', { name: `Register Now: ${event}` }).click();
    await page.waitForURL('**/login');
    await submitSignIn(page, 'intern@example.com');
    await page.waitForURL('**/events');
    const card = page.getByRole('article', { name: event });
    await card.getByRole('button', { name: `Register Now: ${event}` }).click();
    await card.getByRole('alert').filter({ hasText: "Successfully Registered! You'll receive a reminder before the event." }).waitFor();
    await card.getByText('Registered', { exact: true }).waitFor();

    await page.reload();
    const reloaded = page.getByRole('article', { name: event });
    await reloaded.getByText('Registered', { exact: true }).waitFor();
    await reloaded.getByRole('button', { name: `Cancel registration: ${event}` }).waitFor();
    await context.close();
  });

  it("two people chat in an event's live discussion", async () => {
    const event = 'Cloud Fundamentals Workshop';
    const text = `See you at the workshop! ${stamp}`;
    for (const page of [alumni, trainee]) {
      await page.goto('/user/events');
      await page.getByRole('button', { name: `Live Discussions: ${event}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Live Discussions' });
      await dialog.getByPlaceholder('Write a message...').waitFor();
      await dialog.getByRole('status', { name: 'Loading messages' }).waitFor({ state: 'detached' });
    }
    const alumniDialog = alumni.getByRole('dialog', { name: 'Live Discussions' });
    await alumniDialog.getByPlaceholder('Write a message...').fill('   ');
    await alumniDialog.getByRole('button', { name: 'Send' }).click();
    await alumniDialog.getByPlaceholder('Write a message...').fill(`  ${text}  `);
    await alumniDialog.getByRole('button', { name: 'Send' }).click();
    const own = alumniDialog.getByRole('listitem').filter({ hasText: text });
    await own.waitFor();
    assert.match(await own.innerText(), /You/);

    // The trainee's open dialog receives it live, under the alumnus's name.
    const received = trainee.getByRole('dialog', { name: 'Live Discussions' }).getByRole('listitem').filter({ hasText: text });
    await received.waitFor({ timeout: 10_000 });
    assert.match(await received.innerText(), /Alex Morgan/);
    assert.equal(
      await alumniDialog.getByRole('listitem').filter({ hasText: text }).count(),
      1,
      'the blank message was ignored and the echo not doubled',
    );
  });

  it('switching on two-factor makes the next sign-in ask for an e-mailed code', async () => {
    const email = 'liam.okafor@example.com';
    const context = await newContext(suite.browser, suite.server.baseUrl);
    const { page, errors } = await openPage(context);
    pageErrors.push(errors);
    await signIn(page, email);
    await page.goto('/user/settings/account');
    const twoFactor = page.getByRole('switch', { name: 'Two-factor authentication' });
    assert.equal(await twoFactor.getAttribute('aria-checked'), 'false');
    await twoFactor.click();
    await page.getByRole('button', { name: 'Save security' }).click();
    await page.getByText('Settings saved.').waitFor();

    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await submitSignIn(page, email);
    const code = page.getByLabel('Sign-in code');
    await code.waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('access_token')), null, 'no tokens before the code');
    await code.fill(await latestCode(suite.server.baseUrl, email));
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.waitForURL('**/user', { timeout: 15_000 });
    await context.close();
    assert.deepEqual(pageErrors.flat(), []);
  });
});
