// Reports and appeals end to end: a member reports a post from the feed and the admin sees it in
// the Reports queue; an author appeals a removal from the notification, the admin restores the
// post from the Appeals queue, and the author reads the reply and finds the post back.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { signInByApi } from './support/api-session.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { signIn } from './support/sign-in.ts';
import { newContext, openPage } from './support/browser.ts';
import { createImagePost as createPost } from './support/fixtures.ts';

describe('reports and appeals', () => {
  const suite = useServerAndBrowser();

  async function signedInPage(email: string, landing: string, width?: number) {
    const context = await newContext(suite.browser, suite.server.baseUrl, width);
    const { page, errors } = await openPage(context);
    await signIn(page, email, { landing });
    return { page, errors };
  }

  it('a member reports a post from the post menu, once; the admin sees it in the Reports queue and dismisses it', async () => {
    const caption = `Too good to be true ${Date.now()}`;
    await createPost(suite.server.baseUrl, (await signInByApi(suite.server.baseUrl, 'alumni@example.com')).access, caption);

    const { page: member } = await signedInPage('trainee@example.com', '/user');
    const card = member.getByRole('article').filter({ hasText: caption });
    await card.getByRole('button', { name: /^Report post by/ }).click();
    const dialog = member.getByRole('dialog', { name: 'Report this post' });
    // Nothing chosen: the form says so and sends nothing.
    await dialog.getByRole('button', { name: 'Report' }).click();
    await dialog.getByText('Choose a reason.').waitFor();
    await dialog.getByRole('radio', { name: 'Harassment or hate' }).check();
    await dialog.getByLabel(/Note/).fill('Mocks a classmate in the comments');
    await dialog.getByRole('button', { name: 'Report' }).click();
    await member.getByText('Thank you. The moderators will review this post.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // A second report of the same post is refused with the server's sentence.
    await card.getByRole('button', { name: /^Report post by/ }).click();
    await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
    await dialog.getByRole('button', { name: 'Report' }).click();
    await dialog.getByText('You have already reported this post.').waitFor();
    await member.keyboard.press('Escape');

    const { page: admin } = await signedInPage('admin@example.com', '/admin');
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reports' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    const reported = admin.getByRole('article').filter({ hasText: caption });
    await reported.getByText('1 report', { exact: false }).first().waitFor();
    await reported.getByText('Harassment or hate · 1').waitFor();
    await reported.getByText('Mocks a classmate in the comments', { exact: false }).waitFor();
    assert.equal(await reported.getByText('trainee@example.com').count(), 0, 'the reporter is never shown');
    await reported.getByRole('button', { name: 'Dismiss' }).click();
    await reported.waitFor({ state: 'detached' });
    await admin.getByRole('tab', { name: 'Dismissed' }).click();
    await admin.getByRole('article').filter({ hasText: caption }).waitFor();
  });

  it('the author appeals a removal from the notification; the admin restores the post; the author reads the reply and finds the post back', async () => {
    const caption = `Our study group flyer ${Date.now()}`;
    const authorToken = (await signInByApi(suite.server.baseUrl, 'alumni@example.com')).access;
    const postId = await createPost(suite.server.baseUrl, authorToken, caption);
    const adminToken = (await signInByApi(suite.server.baseUrl, 'admin@example.com')).access;
    const removed = await fetch(`${suite.server.baseUrl}/social/admin/posts/${postId}/delete_post/`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Unwanted content' }),
    });
    assert.equal(removed.status, 200);

    const { page: author } = await signedInPage('alumni@example.com', '/user');
    await author
      .getByRole('button', { name: /^Notifications/ })
      .first()
      .click();
    await author.getByRole('menu').getByRole('menuitem').filter({ hasText: 'Reason: Unwanted content' }).first().click();
    await author.waitForURL(`**/user/moderation/${postId}`);
    await author.getByRole('heading', { level: 1, name: 'Your removed post' }).waitFor();
    await author.getByText('Reason: Unwanted content').waitFor();
    const appealText = author.getByLabel('Your appeal');
    await appealText.fill('too short');
    await author.getByRole('button', { name: 'Send appeal' }).click();
    await author.getByText('Ensure this field has at least 10 characters.').waitFor();
    await appealText.fill('This is the flyer of our study group, not an advert.');
    await author.getByRole('button', { name: 'Send appeal' }).click();
    await author.getByText('Waiting for a moderator').waitFor();
    assert.equal(await author.getByRole('button', { name: 'Send appeal' }).count(), 0, 'one appeal only');

    const { page: admin } = await signedInPage('admin@example.com', '/admin');
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Appeals' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Appeals' }).waitFor();
    const appeal = admin.getByRole('article').filter({ hasText: caption });
    await appeal.getByText('This is the flyer of our study group, not an advert.').waitFor();
    await appeal.getByRole('button', { name: 'Decide' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Decide this appeal' });
    await dialog.getByRole('radio', { name: /Restore the post/ }).check();
    await dialog.getByLabel('Reply to the author').fill('You are right, the flyer is welcome. Sorry!');
    await dialog.getByRole('button', { name: 'Send decision' }).click();
    await admin.getByText('Post restored. The author has your reply.').waitFor();
    await appeal.waitFor({ state: 'detached' });

    // The author is told live (the bell) and reads the reply on the page.
    await author.reload();
    await author.getByTestId('appeal-reply').getByText('You are right, the flyer is welcome. Sorry!').waitFor();
    await author.getByText('Accepted: your post is back').waitFor();
    await author
      .getByRole('button', { name: /^Notifications/ })
      .first()
      .click();
    await author
      .getByRole('menu')
      .getByText(/Your appeal was accepted and your post is restored/)
      .waitFor();
    await author.keyboard.press('Escape');
    await author.goto('/user');
    await author.getByRole('article').filter({ hasText: caption }).waitFor();
    const image = await fetch(`${suite.server.baseUrl}/social/posts/user-posts/`, { headers: { Authorization: `Bearer ${authorToken}` } });
    const posts = ((await image.json()) as { results: { id: number; image: string }[] }).results;
    const back = posts.find((post) => post.id === postId);
    assert.ok(back, 'the post is back');
    assert.equal((await fetch(`${suite.server.baseUrl}${back.image}`)).status, 200, 'its image is served again');
  });
});
