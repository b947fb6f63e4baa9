// Onboarding end to end: an administrator invites someone, who joins through the e-mailed link
// and lands signed in; a cohort applied makes its trainee an alumnus, which they see. Screenshots
// of the new screens (desktop 1280 and phone 390, light and dark) go to SHOTS_DIR when it is set.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { signInByApi } from './support/api-session.ts';
import { latestMessage } from './support/mailbox.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { HOME, signIn } from './support/sign-in.ts';
import { newContext, openPage } from './support/browser.ts';
import { lookOptions, screenshotLooks } from './support/signed-in-page.ts';

const shotsDir = process.env.SHOTS_DIR;

describe('onboarding', () => {
  const suite = useServerAndBrowser();
  let admin: BrowserContext;
  let page: Page;
  let errors: string[];
  const invitee = `new.member.${Date.now()}@example.net`;

  before(async () => {
    admin = await newContext(suite.browser, suite.server.baseUrl);
    ({ page, errors } = await openPage(admin));
    await signIn(page, 'admin@example.com', { landing: HOME });
  });

  it('an invitee joins through the e-mailed link and lands signed in with the invited role', async () => {
    await page.goto('/admin/invitations');
    const form = page.getByRole('form', { name: 'Invite someone' });
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await form.getByText('This field is required.').first().waitFor();
    await form.getByLabel('Email').fill(invitee);
    await form.getByLabel(/First name/).fill('Nia');
    await form.getByLabel('Role').selectOption('AL');
    await form.getByLabel(/Cohort/).selectOption({ label: 'Full-stack spring 2026' });
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${invitee}.`).waitFor();
    await page.getByRole('list', { name: 'pending invitations' }).getByText(invitee).waitFor();

    const mail = await latestMessage(suite.server.baseUrl, invitee, /invited/);
    const link = /(http\S+\/join\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    assert.ok(link, 'the e-mail carries the join link');
    const guest = await newContext(suite.browser, suite.server.baseUrl);
    try {
      const { page: joinPage, errors: joinErrors } = await openPage(guest);
      const url = new URL(link);
      await joinPage.goto(`${url.pathname}${url.search}`);
      await joinPage.getByText('Ada Admin invited you to join as Alumni.').waitFor();
      await joinPage.getByLabel(/^Password$/).fill('a new password 1');
      await joinPage.getByLabel('Confirm password').fill('a new password 2');
      await joinPage.getByRole('button', { name: 'Join and sign in' }).click();
      await joinPage.getByText("Passwords don't match.").waitFor();
      await joinPage.getByLabel('Confirm password').fill('a new password 1');
      await joinPage.getByRole('button', { name: 'Join and sign in' }).click();
      await joinPage.waitForURL('**/user', { timeout: 15_000 });
      await joinPage.goto('/user/profile');
      await joinPage.getByText('Alumni', { exact: true }).first().waitFor();
      // The link works once.
      await joinPage.goto(`${url.pathname}${url.search}`);
      await joinPage.getByText('Invitation no longer valid').waitFor();
      assert.deepEqual(
        joinErrors.filter((text) => !text.includes('410')),
        [],
      );
    } finally {
      await guest.close();
    }
  });

  it('a cohort applied makes its trainee an alumnus, who sees the new role', async () => {
    const tokens = await signInByApi(suite.server.baseUrl, 'admin@example.com');
    const headers = { authorization: `Bearer ${tokens.access}`, 'content-type': 'application/json' };
    const listed = (await (await fetch(`${suite.server.baseUrl}/api/admin/cohorts/`, { headers })).json()) as {
      results: { id: number; name: string }[];
    };
    const spring = listed.results.find((cohort) => cohort.name === 'Full-stack spring 2026');
    assert.ok(spring, 'the demo cohort');
    const today = new Date().toISOString().slice(0, 10);
    const moved = await fetch(`${suite.server.baseUrl}/api/admin/cohorts/${spring.id}/`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ intern_from: null, alumni_from: today }),
    });
    assert.equal(moved.status, 200);

    await page.goto('/admin/cohorts');
    const card = page.getByRole('listitem').filter({ hasText: 'Full-stack spring 2026' });
    await card.getByText(/Today .*become Alumni/).waitFor();
    await card.getByRole('button', { name: /Apply now/ }).click();
    await page.getByText(/people? changed role\./).waitFor();

    const trainee = await newContext(suite.browser, suite.server.baseUrl);
    try {
      const { page: traineePage } = await openPage(trainee);
      await signIn(traineePage, 'trainee@example.com', { landing: HOME });
      await traineePage.goto('/user/profile');
      await traineePage.getByText('Alumni', { exact: true }).first().waitFor();
    } finally {
      await trainee.close();
    }
    assert.deepEqual(errors, []);
  });

  it('screenshots the new screens on desktop and phone, light and dark', { skip: !shotsDir }, async () => {
    const dir = String(shotsDir);
    mkdirSync(dir, { recursive: true });
    const tokens = await signInByApi(suite.server.baseUrl, 'admin@example.com');
    const headers = { authorization: `Bearer ${tokens.access}`, 'content-type': 'application/json' };
    const shotInvitee = `shot.${Date.now()}@example.net`;
    await fetch(`${suite.server.baseUrl}/api/admin/invitations/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: shotInvitee, role: 'TR', first_name: 'Kai' }),
    });
    const token = /join\?token=([A-Za-z0-9_-]+)/.exec((await latestMessage(suite.server.baseUrl, shotInvitee, /invited/)).text)?.[1] ?? '';
    await fetch(`${suite.server.baseUrl}/api/admin/sign-up-policy/`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ mode: 'domains', domains: ['school.edu'] }),
    });
    const state = await admin.storageState();
    for (const look of screenshotLooks(900)) {
      const signedIn = await suite.browser.newContext({ baseURL: suite.server.baseUrl, ...lookOptions(look), storageState: state });
      const anonymous = await suite.browser.newContext({ baseURL: suite.server.baseUrl, ...lookOptions(look) });
      try {
        const adminPage = await signedIn.newPage();
        for (const [path, name, ready] of [
          ['/admin/cohorts', 'cohorts', 'Data track 2025'],
          ['/admin/invitations', 'invitations', shotInvitee],
        ] as const) {
          await adminPage.goto(path);
          await adminPage.getByText(ready).first().waitFor();
          await adminPage.screenshot({ path: `${dir}/${name}-${look.name}.png`, fullPage: true });
        }
        const guestPage = await anonymous.newPage();
        await guestPage.goto(`/join?token=${token}`);
        await guestPage.getByText('invited you to join as Trainee').waitFor();
        await guestPage.screenshot({ path: `${dir}/join-${look.name}.png`, fullPage: true });
        await guestPage.goto('/signup');
        await guestPage.getByText(/open to e-mail addresses of @school.edu/).waitFor();
        await guestPage.screenshot({ path: `${dir}/signup-${look.name}.png`, fullPage: true });
      } finally {
        await signedIn.close();
        await anonymous.close();
      }
    }
  });
});
