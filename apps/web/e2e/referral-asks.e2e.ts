// Asking for a referral as a member expects it (issue #43): a trainee's referrals page shows no
// error toast, an offer already asked says "Asked", and a job's "Ask for a referral" asks on the
// alumnus's open offer at that company; the screens are photographed on desktop and phone, light and dark.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { signInByApi } from './support/api-session.ts';
import { useServerAndBrowser } from './support/suite.ts';
import type { RunningServer } from './support/server.ts';
import { photograph } from './support/photograph.ts';
import { signedInPage } from './support/signed-in-page.ts';

const company = `Tiecorp ${Date.now() % 100_000}`;
const offerRole = 'Platform Engineer';
const jobTitle = 'Site Reliability Engineer';

async function api(server: RunningServer, token: string, method: string, path: string, body: object) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.text()}`);
}

describe('referral asks', () => {
  const suite = useServerAndBrowser();
  const pageErrors: string[][] = [];
  let trainee: Page;
  let alumnus: Page;

  before(async () => {
    // The alumnus works at the job's company, is open to referrals and has an open offer there.
    const { access } = await signInByApi(suite.server.baseUrl, 'alumni@example.com');
    await api(suite.server, access, 'PUT', '/social/profiles/update-me/', { company, open_to_referrals: true });
    await api(suite.server, access, 'POST', '/api/referrals/create/', {
      company,
      role: offerRole,
      ctc: 30,
      location: 'Remote',
      requirements: 'Go',
    });
    await api(suite.server, access, 'POST', '/api/jobs/', {
      title: jobTitle,
      company,
      location: 'Remote',
      type: 'Full-Time',
      apply_url: 'jobs@tiecorp.example.com',
    });
    for (const [email, assign] of [
      ['trainee@example.com', (page: Page) => (trainee = page)],
      ['alumni@example.com', (page: Page) => (alumnus = page)],
    ] as const) {
      const { page, errors } = await signedInPage(suite.browser, suite.server.baseUrl, email, {
        width: 1280,
        height: 900,
        colorScheme: 'light',
      });
      pageErrors.push(errors);
      assign(page);
    }
  });

  it("a trainee's referrals page shows no error toast", async () => {
    await trainee.goto('/user/referrals');
    await trainee.getByRole('article', { name: `${offerRole} at ${company}` }).waitFor();
    await trainee.waitForLoadState('networkidle');
    assert.equal(await trainee.getByText('Only alumni can access this page').count(), 0);
    assert.equal(
      await trainee
        .getByRole('status')
        .filter({ hasText: /fail|only alumni/i })
        .count(),
      0,
      'no error toast',
    );
  });

  it("a job's 'Ask for a referral' asks on the alumnus's offer at that company", async () => {
    await trainee.goto('/user/jobs');
    await trainee
      .getByRole('button', { name: `View details: ${jobTitle}` })
      .first()
      .click();
    const dialog = trainee.getByRole('dialog', { name: jobTitle });
    const alumni = dialog.getByRole('list', { name: `Alumni at ${company}` });
    // One action per person: asking on the offer; no second button with the same label.
    const ask = alumni.getByRole('button', { name: /for a referral/ });
    await ask.first().waitFor();
    assert.equal(await ask.count(), 1);
    await ask.click();
    const askDialog = trainee.getByRole('dialog', { name: 'Ask for a referral' });
    await askDialog.getByLabel('Message').fill('I run Kubernetes clusters at work; could you refer me?');
    await askDialog.getByRole('button', { name: 'Send request' }).click();
    await trainee.getByText('Referral request sent.').waitFor();
  });

  it('the offer then says "Asked" with the request\'s status on the referrals page', async () => {
    await trainee.goto('/user/referrals');
    const card = trainee.getByRole('article', { name: `${offerRole} at ${company}`, exact: true });
    await card.getByText('Asked').first().waitFor();
    await card.getByText('Requested').waitFor();
    assert.equal(await card.getByRole('button', { name: /Ask for a referral/ }).count(), 0);
    await trainee
      .getByRole('article', { name: `Your request: ${offerRole} at ${company}` })
      .getByText('Requested')
      .waitFor();
    await photograph(trainee, 'referrals-trainee');
  });

  it('the alumnus sees the request first, on "All offers", with named actions', async () => {
    await alumnus.goto('/user/referrals');
    await alumnus.getByLabel('Offer', { exact: true }).waitFor();
    assert.equal(await alumnus.getByLabel('Offer', { exact: true }).inputValue(), 'all');
    const card = alumnus.getByRole('list', { name: 'Requested' }).getByRole('article', { name: 'Request from Taylor Reed' }).first();
    await card.getByRole('button', { name: 'Mark as referred: Taylor Reed' }).waitFor();
    await card.getByRole('button', { name: 'Decline: Taylor Reed' }).waitFor();
    assert.equal(await alumnus.getByRole('form', { name: 'Referral' }).count(), 0, 'the offer form waits behind its button');
    await photograph(alumnus, 'referrals-alumnus');
  });

  it('logged no page errors', () => {
    assert.deepEqual(pageErrors.flat(), []);
  });
});
