// Search everything from the top bar and a hashtag's page, end to end; screenshots of both on
// desktop (1280) and phone (390), light and dark, under SHOTS_DIR (default /tmp/shots-spaces).
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { signInByApi } from './support/api-session.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { createImagePost } from './support/fixtures.ts';
import { inEachLook, signedInPage } from './support/signed-in-page.ts';

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-spaces';
const CAPTION = 'Sunrise kayaking with the quokka crew on the lake #RowClub';
const SEARCH_LABEL = 'Search people, posts, jobs, events and communities';

/** Types into the top bar's search and waits for the posts group of the dropdown. */
async function searchFromTopBar(page: Page, text: string) {
  await page.goto('/user');
  const box = page.getByRole('combobox', { name: SEARCH_LABEL });
  await box.fill(text);
  await page.getByRole('listbox', { name: 'Posts' }).getByRole('option').first().waitFor({ timeout: 10_000 });
  return box;
}

describe('spaces: search everything and hashtags', () => {
  const suite = useServerAndBrowser();

  before(async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    const tokens = await signInByApi(suite.server.baseUrl, 'alumni@example.com');
    await createImagePost(suite.server.baseUrl, tokens.access, CAPTION);
  });

  it('the top bar shows matching posts as one types, the match marked, and Enter opens the results page with a tab per kind', async () => {
    const { context, page, errors } = await signedInPage(suite.browser, suite.server.baseUrl, 'alumni@example.com', {
      width: 1280,
      height: 800,
      colorScheme: 'light',
    });
    try {
      const box = await searchFromTopBar(page, 'quokka');
      const option = page.getByRole('listbox', { name: 'Posts' }).getByRole('option').first();
      assert.match(await option.innerText(), /kayaking with the quokka crew/);
      assert.equal(await option.locator('mark').first().innerText(), 'quokka');
      await box.press('Enter');
      await page.waitForURL('**/user/search?q=quokka');
      await page.getByRole('heading', { name: 'Results for “quokka”' }).waitFor();
      await page.getByRole('tab', { name: 'Posts' }).click();
      await page.waitForURL('**/user/search?q=quokka&type=posts');
      const hit = page.getByRole('list', { name: 'Posts' }).getByRole('link').first();
      await hit.waitFor();
      assert.match(await hit.innerText(), /quokka/);
      await page.getByRole('tab', { name: 'Jobs' }).click();
      await page.getByText('No jobs match “quokka”').waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it("a post's #tag links to the tag's page, which lists the post, and trending tags show it", async () => {
    const { context, page, errors } = await signedInPage(suite.browser, suite.server.baseUrl, 'alumni@example.com', {
      width: 1280,
      height: 800,
      colorScheme: 'light',
    });
    try {
      await page.goto('/user');
      const card = page.getByRole('article').filter({ hasText: 'quokka crew' }).first();
      await card.waitFor({ timeout: 10_000 });
      await page
        .getByRole('list', { name: 'Trending tags' })
        .getByRole('link', { name: /#rowclub/ })
        .waitFor();
      await card.getByRole('link', { name: '#RowClub' }).click();
      await page.waitForURL('**/user/tags/rowclub');
      await page.getByRole('heading', { name: '#rowclub' }).waitFor();
      await page.getByRole('article').filter({ hasText: 'quokka crew' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('screenshots: the dropdown, the results page and the tag page, desktop and phone, light and dark', async () => {
    await inEachLook(suite.browser, suite.server.baseUrl, 'alumni@example.com', async (page, look) => {
      await searchFromTopBar(page, 'quokka');
      await page.screenshot({ path: `${SHOTS_DIR}/dropdown-${look}.png` });
      await page.goto('/user/search?q=quokka%20kayak');
      await page.getByRole('heading', { name: /Results for/ }).waitFor();
      await page.getByRole('list', { name: 'Posts' }).waitFor();
      await page.screenshot({ path: `${SHOTS_DIR}/results-${look}.png`, fullPage: true });
      await page.goto('/user/tags/rowclub');
      await page.getByRole('article').first().waitFor();
      await page.screenshot({ path: `${SHOTS_DIR}/tag-${look}.png` });
    });
  });
});
