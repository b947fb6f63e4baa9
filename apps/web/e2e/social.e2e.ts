// The social core end to end: post with an image, like, comment, people search, profile editing, deletion.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { useServerAndBrowser } from './support/suite.ts';
import { signIn } from './support/sign-in.ts';
import { newContext, openNewPage, openPage } from './support/browser.ts';
import { PNG } from './support/fixtures.ts';

function postCard(page: Page, caption: string): Locator {
  return page.getByRole('article').filter({ hasText: caption });
}

async function count(button: Locator): Promise<string> {
  return (await button.innerText()).replace(/\D/g, '');
}

describe('social core', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  let errors: string[];
  const caption = `Demo day photo ${Date.now()}`;

  before(async () => {
    ({ page, errors } = await openNewPage(suite.browser, suite.server.baseUrl));
    await signIn(page, 'alumni@example.com');
  });

  it('creates a post with an image and sees it at the top of the feed', async () => {
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a post' });
    await dialog.getByLabel('Image').setInputFiles({ name: 'demo.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    await dialog.getByLabel('Caption').fill(caption);
    await dialog.getByRole('button', { name: 'Post' }).click();
    await page.getByText('Post uploaded successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The feed renders updates in a deferred (interruptible) pass: wait for the new post to be on top.
    const first = page.getByRole('article').first();
    await first.filter({ hasText: caption }).waitFor({ timeout: 10_000 });
    assert.match(await first.innerText(), new RegExp(caption));
    const image = first.getByRole('img', { name: /image shared by/i });
    assert.match((await image.getAttribute('src')) ?? '', /\/media\//);
  });

  it("lists the new post under What's New's recent activity, read from the activity endpoint", async () => {
    const [response] = await Promise.all([
      page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/activity/recent/'),
      page.reload(),
    ]);
    assert.equal(response.status(), 200);
    const panel = page.getByRole('complementary', { name: "What's New" });
    const recent = panel.locator('section').filter({ has: page.getByRole('heading', { name: 'Recent activity' }) });
    const newest = recent.getByRole('listitem').first();
    await newest.waitFor();
    assert.match(await newest.innerText(), /Alumni · shared a post/);
    assert.match((await newest.getByRole('link').getAttribute('href')) ?? '', /^\/user\/profile\/\d+$/);
  });

  it('likes and unlikes the post; the count follows', async () => {
    const like = postCard(page, caption).getByRole('button', { name: /like/i });
    assert.equal(await count(like), '0');
    await like.click();
    await page.waitForFunction((el) => el?.getAttribute('aria-pressed') === 'true', await like.elementHandle());
    assert.equal(await count(like), '1');
    await like.click();
    await page.waitForFunction((el) => el?.getAttribute('aria-pressed') === 'false', await like.elementHandle());
    assert.equal(await count(like), '0');
  });

  it('comments on the post', async () => {
    const card = postCard(page, caption);
    const commentsButton = card.getByRole('button', { name: /comments/i });
    await commentsButton.click();
    await card.getByPlaceholder('Write a comment...').fill('What a day!');
    await card.getByRole('button', { name: 'Post' }).click();
    await card.getByRole('list', { name: 'Comments' }).getByText('What a day!').waitFor();
    await page.waitForFunction((el) => el?.textContent?.includes('1'), await commentsButton.elementHandle());
  });

  it('finds a person by part of their surname and opens their profile', async () => {
    await page.getByRole('combobox', { name: 'Search people' }).fill('harm');
    const option = page.getByRole('option').filter({ hasText: 'Sharma' }).first();
    await option.waitFor();
    await option.click();
    await page.waitForURL(/\/user\/profile\/\d+$/);
    await page.getByRole('heading', { level: 1, name: /Sharma/ }).waitFor();
    await page.getByRole('button', { name: 'Message' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Edit Profile' }).count(), 0);
  });

  it('edits the own profile with a new avatar', async () => {
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/user/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('Profile picture', { exact: true }).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByLabel('Bio').fill('Mentor, reviewer and demo-day photographer.');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Mentor, reviewer and demo-day photographer.').waitFor();
    const avatar = page.getByRole('img', { name: /profile picture of/i });
    assert.match((await avatar.getAttribute('src')) ?? '', /\/media\//);
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? 'null') as { image: string | null; bio: string } | null,
    );
    assert.match(stored?.image ?? '', /\/media\//);
    assert.equal(stored?.bio, 'Mentor, reviewer and demo-day photographer.');
  });

  it('deletes the post', async () => {
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Home' }).click();
    const card = postCard(page, caption);
    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('article').first().waitFor();
    assert.equal(await postCard(page, caption).count(), 0);
    assert.deepEqual(errors, []);
  });

  it('on a 390 px phone the sidebar becomes a bottom tab bar with the rest in a menu', async () => {
    const phone = await newContext(suite.browser, suite.server.baseUrl, 390, 844);
    const { page: phonePage } = await openPage(phone);
    await signIn(phonePage, 'trainee@example.com');
    const nav = phonePage.getByRole('navigation', { name: 'Main' });
    await nav.last().waitFor();
    assert.equal(await nav.count(), 1, 'only the tab bar is visible');
    assert.deepEqual(
      // An unread badge (the demo holds unread conversations) is a number before the label.
      (await nav.last().locator('a, button').allInnerTexts()).map((t) => t.replace(/^\d+\s*/, '').trim()),
      ['Home', 'Create', 'Messages', 'Jobs', 'Profile'],
    );
    await phonePage.getByRole('button', { name: 'More', exact: true }).click();
    await phonePage.getByRole('menuitem', { name: 'Referrals' }).click();
    await phonePage.waitForURL('**/user/referrals');
    await phonePage.getByRole('heading', { name: 'Referrals', exact: true }).waitFor();
    await phone.close();
  });
});
