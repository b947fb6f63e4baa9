// The administrator portal end to end: moderation seen by the author, a role change, and a deletion.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { signInByApi } from './support/api-session.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { signIn } from './support/sign-in.ts';
import { newContext, openPage } from './support/browser.ts';
import { createImagePost as createPost } from './support/fixtures.ts';

async function accessToken(baseUrl: string, email: string): Promise<string> {
  return (await signInByApi(baseUrl, email)).access;
}

describe('administrator portal', () => {
  const suite = useServerAndBrowser();
  let adminContext: BrowserContext;
  let admin: Page;
  let adminErrors: string[];

  before(async () => {
    adminContext = await newContext(suite.browser, suite.server.baseUrl);
    ({ page: admin, errors: adminErrors } = await openPage(adminContext));
    await signIn(admin, 'admin@example.com', { landing: '/admin' });
  });

  it('shows live figures on the dashboard', async () => {
    await admin.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const people = admin.getByTestId('counter-People');
    await admin.waitForFunction((el) => Number(el?.textContent?.replace(/\D/g, '')) >= 34, await people.elementHandle());
    await admin.getByRole('img', { name: /Sign-ups and posts per day/ }).waitFor();
  });

  it('deletes a post with a reason while its author watches the feed; the author is told why', async () => {
    const caption = `Selling exam answers ${Date.now()}`;
    const authorToken = await accessToken(suite.server.baseUrl, 'alumni@example.com');
    await createPost(suite.server.baseUrl, authorToken, caption);

    const authorContext = await newContext(suite.browser, suite.server.baseUrl);
    const { page: author } = await openPage(authorContext);
    await signIn(author, 'alumni@example.com', { landing: '/user' });
    const authorCard = author.getByRole('article').filter({ hasText: caption });
    await authorCard.waitFor();

    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Posts' }).click();
    const card = admin.getByRole('article').filter({ hasText: caption });
    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Delete post' });
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    assert.equal(await confirm.isDisabled(), true);
    await dialog.getByLabel('Reason').selectOption('Selling or promoting restricted items');
    await confirm.click();
    await admin.getByText('Post deleted successfully. Notification sent to Alex Morgan.').waitFor();
    await card.waitFor({ state: 'detached' });

    // The author's open feed drops the post on the realtime post.deleted event, without a reload.
    await authorCard.waitFor({ state: 'detached', timeout: 10_000 });
    // Their notification bell tells them why.
    await author
      .getByRole('button', { name: /^Notifications/ })
      .first()
      .click();
    await author.getByRole('menu').getByText('Reason: Selling or promoting restricted items', { exact: true }).waitFor();

    const response = await fetch(`${suite.server.baseUrl}/social/notifications/`, { headers: { Authorization: `Bearer ${authorToken}` } });
    assert.equal(response.status, 200);
    const { results } = (await response.json()) as { results: { type: string; reason: string | null }[] };
    const removals = results.filter((n) => n.type === 'post_removed' && n.reason === 'Selling or promoting restricted items');
    assert.equal(removals.length, 1, JSON.stringify(results));
    await authorContext.close();
  });

  it('changes a trainee to alumni', async () => {
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Update User Role' }).click();
    await admin.getByRole('heading', { level: 1, name: 'User Role Management' }).waitFor();
    await admin.getByPlaceholder('Search users by name, email or ID...').fill('trainee@example.com');
    const row = admin.getByRole('row').filter({ hasText: 'trainee@example.com' });
    const select = row.getByRole('combobox');
    await select.waitFor();
    assert.equal(await select.inputValue(), 'TR');
    await select.selectOption('AL');
    await admin.getByText('Role updated successfully!').waitFor();
    await admin.getByText('Role updated successfully!').waitFor({ state: 'detached', timeout: 5_000 });

    await admin.getByRole('tab', { name: 'Alumni' }).click();
    await admin.getByRole('tabpanel').getByRole('row').filter({ hasText: 'trainee@example.com' }).waitFor();
    const me = await fetch(`${suite.server.baseUrl}/social/user-profiles/me/`, {
      headers: { Authorization: `Bearer ${await accessToken(suite.server.baseUrl, 'trainee@example.com')}` },
    });
    assert.equal(((await me.json()) as { role: string }).role, 'AL');

    // The former trainee signs in and the alumni-only referral form is open to them now.
    const traineeContext = await newContext(suite.browser, suite.server.baseUrl);
    const { page: trainee } = await openPage(traineeContext);
    await signIn(trainee, 'trainee@example.com', { landing: '/user' });
    await trainee.goto('/user/referrals');
    await trainee.getByRole('button', { name: 'Offer a referral' }).waitFor();
    assert.equal(await trainee.getByText('Access Restricted').count(), 0);
    await traineeContext.close();
  });

  it('deletes a person after confirming; their next request is refused', async () => {
    const email = 'intern@example.com';
    const token = await accessToken(suite.server.baseUrl, email);
    await admin.getByRole('tab', { name: 'All Users' }).click();
    await admin.getByPlaceholder('Search users by name, email or ID...').fill(email);
    const row = admin.getByRole('tabpanel').getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: /Delete/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Are you sure you want to delete this user?' });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await admin.getByText('User deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });

    const refused = await fetch(`${suite.server.baseUrl}/social/user-profiles/me/`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(refused.status, 401);
    assert.deepEqual(adminErrors, []);
  });
});
