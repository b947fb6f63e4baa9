// A community's space page end to end (decision 034): a member posts in a members-only space from
// its page; a non-member sees "Members only" there and not the post in their feed. Screenshots of a
// space page on desktop (1280) and phone (390), light and dark, under SHOTS_DIR (default /tmp/shots-space-page).
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { useServerAndBrowser } from './support/suite.ts';
import { PNG } from './support/fixtures.ts';
import { inEachLook, signedInPage } from './support/signed-in-page.ts';

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-space-page';
const CAPTION = 'Members-only tip: the gannet interview question bank is in our drive';

const DESKTOP = { width: 1280, height: 800, colorScheme: 'light' } as const;

describe('spaces: a community page', () => {
  const suite = useServerAndBrowser();

  before(async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
  });

  it('a member posts in a members-only space from its page; a non-member sees neither the post there nor in the feed', async () => {
    const member = await signedInPage(suite.browser, suite.server.baseUrl, 'alumni@example.com', DESKTOP);
    try {
      const { page } = member;
      await page.goto('/user/communities/career-growth');
      await page.getByRole('heading', { name: 'Career Growth' }).waitFor();
      await page.getByText('Members only', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: /Post in Career Growth/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Image').setInputFiles({ name: 'tip.png', mimeType: 'image/png', buffer: PNG });
      await dialog.getByLabel('Caption').fill(CAPTION);
      await dialog.getByRole('button', { name: 'Post' }).click();
      await page.getByRole('list', { name: 'Posts' }).getByRole('article').filter({ hasText: 'gannet' }).waitFor({ timeout: 15_000 });
      assert.deepEqual(member.errors, []);
    } finally {
      await member.context.close();
    }
    const outsider = await signedInPage(suite.browser, suite.server.baseUrl, 'priya.sharma@example.com', DESKTOP);
    try {
      const { page } = outsider;
      await page.goto('/user/communities/career-growth');
      await page.getByText('Join this community to read and write its posts.').waitFor();
      assert.equal(await page.getByText('gannet').count(), 0);
      await page.goto('/user');
      await page.getByRole('list', { name: 'Posts' }).getByRole('article').first().waitFor({ timeout: 15_000 });
      assert.equal(await page.getByText('gannet').count(), 0);
      assert.deepEqual(outsider.errors, []);
    } finally {
      await outsider.context.close();
    }
  });

  it('screenshots: a space page, desktop and phone, light and dark', async () => {
    await inEachLook(suite.browser, suite.server.baseUrl, 'alumni@example.com', async (page, look) => {
      await page.goto('/user/communities/web-development');
      await page.getByRole('list', { name: 'Posts' }).getByRole('article').first().waitFor({ timeout: 15_000 });
      await page.getByRole('list', { name: 'Moderators' }).waitFor();
      await page.screenshot({ path: `${SHOTS_DIR}/space-${look}.png` });
    });
  });
});
