// Posting in a space from the general composer ("Post to…"), and editing a post: a mention added
// by the edit tells only the new person. Screenshots of the space page (events, members) and the
// composer on desktop (1280) and phone (390), light and dark, under SHOTS_DIR (default /tmp/shots-space-composer).
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { signInByApi } from './support/api-session.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { createImagePost, PNG } from './support/fixtures.ts';
import { inEachLook, screenshotLooks, signedInPage } from './support/signed-in-page.ts';

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-space-composer';
const SPACE = 'web-development';
const DESKTOP = { width: 1280, height: 800, colorScheme: 'light' } as const;

type Person = { username: string; access: string };

async function person(baseUrl: string, email: string): Promise<Person> {
  const { access } = await signInByApi(baseUrl, email);
  const me = await fetch(`${baseUrl}/social/user-profiles/me/`, { headers: { authorization: `Bearer ${access}` } });
  return { username: ((await me.json()) as { username: string }).username, access };
}

async function mentionsOf(baseUrl: string, who: Person): Promise<number> {
  const answer = await fetch(`${baseUrl}/social/notifications/`, { headers: { authorization: `Bearer ${who.access}` } });
  const page = (await answer.json()) as { results: { type: string }[] };
  return page.results.filter((notification) => notification.type === 'mention').length;
}

describe('spaces: the composer and editing', () => {
  const suite = useServerAndBrowser();
  let alumni: Person;

  before(async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    alumni = await person(suite.server.baseUrl, 'alumni@example.com');
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const joined = await fetch(`${suite.server.baseUrl}/api/communities/${SPACE}/join/`, { method: 'POST', headers: auth(alumni.access) });
    assert.equal(joined.status, 200);
    const space = (await (await fetch(`${suite.server.baseUrl}/api/communities/${SPACE}/`)).json()) as { id: number };
    const admin = await signInByApi(suite.server.baseUrl, 'admin@example.com');
    const event = await fetch(`${suite.server.baseUrl}/api/events/`, {
      method: 'POST',
      headers: { ...auth(admin.access), 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Frontend guild night',
        starts_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        community_id: space.id,
      }),
    });
    assert.equal(event.status, 201, await event.clone().text());
  });

  it('posts in a space from the general composer; the post shows on the space page', async () => {
    const { context, page, errors } = await signedInPage(suite.browser, suite.server.baseUrl, 'alumni@example.com', DESKTOP);
    try {
      await page.goto('/user');
      await page.getByRole('navigation', { name: 'Main' }).first().getByRole('button', { name: 'Create' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Post to').selectOption({ label: 'Web Development' });
      await dialog.getByRole('heading', { name: 'Post in Web Development' }).waitFor();
      await dialog.getByLabel('Image').setInputFiles({ name: 'guild.png', mimeType: 'image/png', buffer: PNG });
      await dialog.getByLabel('Caption').fill('Pairing on the narwhal layout bug tonight');
      await page.screenshot({ path: `${SHOTS_DIR}/composer-desktop-light.png` });
      await dialog.getByRole('button', { name: 'Post' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
      await page.goto(`/user/communities/${SPACE}`);
      await page.getByRole('list', { name: 'Posts' }).getByRole('article').filter({ hasText: 'narwhal' }).waitFor({ timeout: 15_000 });
      await page.getByRole('list', { name: 'Upcoming events' }).getByText('Frontend guild night').waitFor();
      await page.getByRole('list', { name: 'Members' }).getByRole('link').first().waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('editing a post to add a mention tells only the newly mentioned person', async () => {
    const [first, second] = [
      await person(suite.server.baseUrl, 'trainee@example.com'),
      await person(suite.server.baseUrl, 'priya.sharma@example.com'),
    ];
    await createImagePost(suite.server.baseUrl, alumni.access, `Ocelot review notes, thanks @${first.username}`);
    const [firstBefore, secondBefore] = [await mentionsOf(suite.server.baseUrl, first), await mentionsOf(suite.server.baseUrl, second)];
    const { context, page, errors } = await signedInPage(suite.browser, suite.server.baseUrl, 'alumni@example.com', DESKTOP);
    try {
      await page.goto('/user');
      const card = page.getByRole('list', { name: 'Posts' }).getByRole('article').filter({ hasText: 'Ocelot review notes' });
      await card.getByRole('button', { name: 'Edit' }).click();
      const box = card.getByRole('form', { name: 'Edit post' }).getByLabel('Caption');
      await box.fill(`Ocelot review notes, thanks @${first.username} and @${second.username}`);
      await box.press('Escape');
      await card.getByRole('button', { name: 'Save' }).click();
      await card.getByText('Edited', { exact: true }).waitFor({ timeout: 10_000 });
      await card.getByRole('link', { name: `@${second.username}` }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
    assert.equal(await mentionsOf(suite.server.baseUrl, first), firstBefore);
    assert.equal(await mentionsOf(suite.server.baseUrl, second), secondBefore + 1);
  });

  it('screenshots: the space page and the composer, desktop and phone, light and dark', async () => {
    await inEachLook(
      suite.browser,
      suite.server.baseUrl,
      'alumni@example.com',
      async (page, look) => {
        await page.goto(`/user/communities/${SPACE}`);
        await page.getByRole('list', { name: 'Upcoming events' }).waitFor({ timeout: 15_000 });
        await page.getByRole('list', { name: 'Members' }).waitFor();
        await page.screenshot({ path: `${SHOTS_DIR}/space-${look}.png`, fullPage: true });
        await page.getByRole('button', { name: /Post in Web Development/ }).click();
        await page.getByRole('dialog').getByLabel('Post to').waitFor();
        await page.screenshot({ path: `${SHOTS_DIR}/composer-${look}.png` });
      },
      screenshotLooks(900),
    );
  });
});
