// Mentions end to end: a person is offered as "@" and part of their name are typed in a comment
// box, picked with the keyboard, the comment posted links them, and they see the notification.
// Screenshots of the offer and of the notification, desktop (1280) and phone (390), light and
// dark, under SHOTS_DIR (default /tmp/shots-mentions).
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { signInByApi } from './support/api-session.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { createImagePost } from './support/fixtures.ts';
import { inEachLook, signedInPage } from './support/signed-in-page.ts';

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-mentions';
const CAPTION = 'Our mentoring circle met at the observatory tonight';

type Person = { first_name: string; last_name: string; username: string };

/** Opens the post's comments and types "@" and the start of the person's first name; waits for the offer. */
async function typeMention(page: Page, person: Person) {
  await page.goto('/user');
  const card = page.getByRole('article').filter({ hasText: CAPTION }).first();
  await card.waitFor({ timeout: 15_000 });
  await card.getByRole('button', { name: /comments/i }).click();
  const box = card.getByRole('combobox', { name: 'Write a comment' });
  await box.click();
  await box.pressSequentially(`Thank you @${person.first_name.slice(0, 3).toLowerCase()}`, { delay: 30 });
  const listbox = card.getByRole('listbox', { name: 'People to mention' });
  await listbox
    .getByRole('option')
    .filter({ hasText: `@${person.username}` })
    .waitFor({ timeout: 10_000 });
  return { card, box, listbox };
}

describe('mentions', () => {
  const suite = useServerAndBrowser();
  let trainee: Person;

  before(async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    const tokens = await signInByApi(suite.server.baseUrl, 'alumni@example.com');
    await createImagePost(suite.server.baseUrl, tokens.access, CAPTION);
    const traineeTokens = await signInByApi(suite.server.baseUrl, 'trainee@example.com');
    const me = await fetch(`${suite.server.baseUrl}/social/user-profiles/me/`, {
      headers: { authorization: `Bearer ${traineeTokens.access}` },
    });
    trainee = (await me.json()) as Person;
  });

  it('offers the person as @ is typed, picks them with the keyboard, links them in the comment, and they are notified', async () => {
    const alumni = await signedInPage(suite.browser, suite.server.baseUrl, 'alumni@example.com', {
      width: 1280,
      height: 800,
      colorScheme: 'light',
    });
    try {
      const { card, box, listbox } = await typeMention(alumni.page, trainee);
      assert.equal(await box.getAttribute('aria-expanded'), 'true');
      const options = listbox.getByRole('option');
      const labels = await options.allInnerTexts();
      const index = labels.findIndex((label) => label.includes(`@${trainee.username}`));
      for (let step = 0; step < index; step += 1) await box.press('ArrowDown');
      const active = await box.getAttribute('aria-activedescendant');
      assert.equal(active, await options.nth(index).getAttribute('id'));
      await box.press('Enter');
      assert.equal(await box.inputValue(), `Thank you @${trainee.username} `);
      assert.equal(await box.getAttribute('aria-expanded'), 'false');
      await card.getByRole('button', { name: 'Post' }).click();
      const link = card.getByRole('list', { name: 'Comments' }).getByRole('link', { name: `@${trainee.username}` });
      await link.waitFor();
      assert.equal(await link.getAttribute('href'), `/user/u/${trainee.username}`);
      await link.click();
      await alumni.page.waitForURL(/\/user\/profile\/\d+$/);
      await alumni.page.getByRole('heading', { level: 1, name: new RegExp(trainee.last_name) }).waitFor();
      assert.deepEqual(alumni.errors, []);
    } finally {
      await alumni.context.close();
    }

    const mentioned = await signedInPage(suite.browser, suite.server.baseUrl, 'trainee@example.com', {
      width: 1280,
      height: 800,
      colorScheme: 'light',
    });
    try {
      await mentioned.page.goto('/user');
      await mentioned.page
        .getByRole('button', { name: /^Notifications/ })
        .first()
        .click();
      await mentioned.page
        .getByText(/mentioned you in a comment\./)
        .first()
        .waitFor({ timeout: 10_000 });
      assert.deepEqual(mentioned.errors, []);
    } finally {
      await mentioned.context.close();
    }
  });

  it('screenshots: the offer as one types, desktop and phone, light and dark', async () => {
    await inEachLook(suite.browser, suite.server.baseUrl, 'alumni@example.com', async (page, look) => {
      const { listbox } = await typeMention(page, trainee);
      await listbox.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS_DIR}/offer-${look}.png` });
    });
  });
});
