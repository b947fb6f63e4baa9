// The referral pipeline end to end: a member asks on an offer, the alumnus moves the request to
// hired on the board, the requester sees every change on their timeline, and the admin's outcomes count it.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { signInByApi } from './support/api-session.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { signedInPage, type PageLook } from './support/signed-in-page.ts';

const DESKTOP: PageLook = { width: 1280, height: 800, colorScheme: 'light' };

describe('referral pipeline', () => {
  const suite = useServerAndBrowser();
  const pageErrors: string[][] = [];
  let alumnus: Page;
  let trainee: Page;
  const role = `Pipeline Engineer ${Date.now()}`;

  before(async () => {
    // The offer, made through the API (the form has its own test in careers.e2e.ts).
    const { access } = await signInByApi(suite.server.baseUrl, 'alumni@example.com');
    const created = await fetch(`${suite.server.baseUrl}/api/referrals/create/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ company: 'Pipeline Corp', role, ctc: 20, location: 'Remote', requirements: 'TypeScript' }),
    });
    assert.equal(created.status, 201);
    for (const [email, assign] of [
      ['alumni@example.com', (page: Page) => (alumnus = page)],
      ['trainee@example.com', (page: Page) => (trainee = page)],
    ] as const) {
      const { page, errors } = await signedInPage(suite.browser, suite.server.baseUrl, email, DESKTOP);
      pageErrors.push(errors);
      assign(page);
    }
  });

  it('a trainee asks on the offer, with a CV link checked before sending', async () => {
    await trainee.goto('/user/referrals');
    const card = trainee.getByRole('article', { name: `${role} at Pipeline Corp` });
    await card.getByRole('button', { name: /Ask for a referral/ }).click();
    const dialog = trainee.getByRole('dialog', { name: 'Ask for a referral' });
    await dialog.getByLabel('Message').fill('I build TypeScript services; I would love a referral.');
    await dialog.getByLabel(/CV link/).fill('http://cv.example.com/taylor');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.getByText('Enter an https:// link.').waitFor();
    await dialog.getByLabel(/CV link/).fill('https://cv.example.com/taylor.pdf');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await trainee.getByText('Referral request sent.').waitFor();
    await trainee
      .getByRole('article', { name: `Your request: ${role} at Pipeline Corp` })
      .getByText('Requested')
      .waitFor();
  });

  it('the alumnus moves it to referred with a note, then to hired, on the board', async () => {
    await alumnus.goto('/user/referrals');
    await alumnus.getByLabel('Offer', { exact: true }).selectOption({ label: `${role} at Pipeline Corp` });
    const requested = alumnus.getByRole('list', { name: 'Requested' });
    const card = requested.getByRole('article', { name: 'Request from Taylor Reed' });
    await card.getByRole('link', { name: /CV/ }).waitFor();
    await card.getByRole('button', { name: 'Mark as referred: Taylor Reed' }).click();
    const dialog = alumnus.getByRole('dialog', { name: 'Mark as referred?' });
    await dialog.getByLabel(/Note/).fill('Sent your CV to the hiring manager.');
    await dialog.getByRole('button', { name: 'Mark as referred' }).click();
    await dialog.waitFor({ state: 'detached' });
    const referred = alumnus.getByRole('list', { name: 'Referred' }).getByRole('article', { name: 'Request from Taylor Reed' });
    await referred.getByRole('button', { name: 'Mark as hired: Taylor Reed' }).click();
    const hire = alumnus.getByRole('dialog', { name: 'Mark as hired?' });
    await hire.getByRole('button', { name: 'Mark as hired' }).click();
    await hire.waitFor({ state: 'detached' });
    await alumnus
      .getByRole('list', { name: 'Outcome' })
      .getByRole('article', { name: 'Request from Taylor Reed' })
      .getByText('Hired')
      .waitFor();
  });

  it('the trainee sees every change on the timeline', async () => {
    await trainee.goto('/user/referrals');
    const card = trainee.getByRole('article', { name: `Your request: ${role} at Pipeline Corp` });
    await card.getByText('Hired', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Show timeline' }).click();
    const timeline = card.getByRole('list', { name: `Timeline: ${role} at Pipeline Corp` });
    await timeline.getByText('Sent your CV to the hiring manager.').waitFor();
    const steps = await timeline.getByRole('listitem').locator('p.font-semibold').allTextContents();
    assert.deepEqual(steps, ['Requested', 'Referred', 'Hired']);
  });

  it("the admin's outcomes count the hire, and the CSV downloads", async () => {
    const { page, errors } = await signedInPage(suite.browser, suite.server.baseUrl, 'admin@example.com', DESKTOP);
    pageErrors.push(errors);
    await page.goto('/admin/outcomes');
    await page.getByRole('heading', { name: 'Outcomes', level: 1 }).waitFor();
    const funnel = page.getByRole('list', { name: 'Referral funnel' });
    await funnel.waitFor();
    const hired = await funnel.getByRole('listitem').filter({ hasText: 'Hired' }).textContent();
    // The demo holds 2 hires; this run added one.
    assert.match(hired ?? '', /^Hired3/);
    await page.getByRole('table', { name: 'Hires by company' }).getByText('Pipeline Corp').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    assert.match(download.suggestedFilename(), /^outcomes.*\.csv$/);
  });

  it('logged no page errors', () => {
    assert.deepEqual(pageErrors.flat(), []);
  });
});
