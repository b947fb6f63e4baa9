// People and the admin portal (issue #43): the directory's count, chips and typed filters, its
// phone sheet; the admin menu's counts of open reports and appeals, and the removed post's image
// shown to the moderator judging its appeal (and to nobody else). With SHOTS_DIR set, screenshots.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signInByApi } from './support/api-session.ts';
import { createImagePost } from './support/fixtures.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { signedInPage, type PageLook } from './support/signed-in-page.ts';

const shotsDir = process.env.SHOTS_DIR;
const DESKTOP: PageLook = { width: 1280, height: 800, colorScheme: 'light' };
const PHONE: PageLook = { width: 390, height: 844, colorScheme: 'light' };

/** The count line once the list has settled ("12 people"). */
async function countText(page: Page): Promise<string> {
  await page.waitForFunction(
    () => document.querySelector('section[aria-labelledby="people-heading"]')?.getAttribute('aria-busy') === 'false',
  );
  const status = page.getByRole('status').filter({ hasText: /\d+ (people|person)$/ });
  await status.waitFor();
  return (await status.textContent()) ?? '';
}

describe('people and the admin portal', () => {
  const suite = useServerAndBrowser();

  it('People: a count, chips for each filter, a typed company, and Clear filters that empties the name box', async () => {
    const { context, page, errors } = await signedInPage(suite.browser, suite.server.baseUrl, 'trainee@example.com', DESKTOP);
    await page.goto('/user/people');
    assert.match(await countText(page), /^\d+ people$/);
    const sidebar = page.getByRole('complementary', { name: 'Filters' });
    // Any company, typed (any case), not only one of the top values.
    await sidebar.getByRole('textbox', { name: 'Another company' }).fill('pixel labs');
    await sidebar.getByRole('textbox', { name: 'Another company' }).press('Enter');
    await page.waitForURL(/company=pixel\+labs/);
    const chips = page.getByRole('list', { name: 'Active filters' });
    await chips.getByRole('button', { name: 'Remove filter Company: pixel labs' }).waitFor();
    const cards = page.locator('section[aria-labelledby="people-heading"] h3 a');
    const atPixel = await countText(page);
    assert.equal(atPixel, `${await cards.count()} ${(await cards.count()) === 1 ? 'person' : 'people'}`);
    assert.ok((await cards.allTextContents()).includes('Alex Morgan'));

    await page.getByRole('searchbox', { name: 'Search people by name' }).fill('alex');
    await page.waitForURL(/q=alex/);
    await chips.getByRole('button', { name: 'Remove filter Name: alex' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^1 person$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.search === '');
    assert.equal(await page.getByRole('searchbox', { name: 'Search people by name' }).inputValue(), '');
    await page.waitForTimeout(500);
    assert.equal(new URL(page.url()).search, '', 'the name does not come back after the debounce');
    assert.equal(await chips.count(), 0);
    await context.close();
    assert.deepEqual(errors, []);
  });

  it('People on a phone: the filters are a full-width sheet at the bottom; Escape closes it and focus returns', async () => {
    const { context, page, errors } = await signedInPage(suite.browser, suite.server.baseUrl, 'trainee@example.com', PHONE);
    await page.goto('/user/people');
    const trigger = page.getByRole('button', { name: 'Filters' });
    await trigger.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    await page.waitForTimeout(300); // the slide-in
    const box = await sheet.boundingBox();
    assert.ok(box);
    assert.equal(Math.round(box.x), 0);
    assert.equal(Math.round(box.width), 390);
    assert.equal(Math.round(box.y + box.height), 844);
    assert.equal(await sheet.evaluate((element) => element.contains(document.activeElement)), true);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    assert.equal(await trigger.evaluate((element) => element === document.activeElement), true);
    await context.close();
    assert.deepEqual(errors, []);
  });

  it("the admin menu counts open reports and appeals; an appeal shows the removed post's image to the admin only", async () => {
    const base = suite.server.baseUrl;
    const auth = async (email: string) => ({ Authorization: `Bearer ${(await signInByApi(base, email)).access}` });
    const [author, member, admin] = [await auth('alumni@example.com'), await auth('trainee@example.com'), await auth('admin@example.com')];
    const before = (await (await fetch(`${base}/social/admin/queue-counts/`, { headers: admin })).json()) as {
      open_reports: number;
      open_appeals: number;
    };
    const reported = await createImagePost(base, author.Authorization.slice(7), `Reported ${Date.now()}`);
    const removed = await createImagePost(base, author.Authorization.slice(7), `Removed ${Date.now()}`);
    const post = (url: string, headers: Record<string, string>, body: object, method = 'POST') =>
      fetch(`${base}${url}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal((await post(`/social/posts/${reported}/report/`, member, { reason: 'Scam or fraud' })).status, 201);
    assert.equal((await post(`/social/admin/posts/${removed}/delete_post/`, admin, { reason: 'Scam or fraud' }, 'DELETE')).status, 200);
    assert.equal(
      (await post(`/social/moderation/${removed}/appeal/`, author, { text: 'It is the flyer of our study group.' })).status,
      201,
    );
    // Nobody but an administrator gets the withheld picture.
    assert.equal((await fetch(`${base}/social/admin/posts/${removed}/image/`, { headers: author })).status, 403);
    assert.equal((await fetch(`${base}/social/admin/posts/${removed}/image/`)).status, 401);

    const { context, page, errors } = await signedInPage(suite.browser, base, 'admin@example.com', DESKTOP);
    await page.goto('/admin/appeals');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: `Reports, ${before.open_reports + 1} open` }).waitFor();
    await nav.getByRole('link', { name: `Appeals, ${before.open_appeals + 1} open` }).waitFor();
    const appeal = page.getByRole('article').filter({ hasText: 'It is the flyer of our study group.' });
    const image = appeal.getByRole('img', { name: /^Image shared by / });
    await image.waitFor();
    await page.waitForFunction(
      (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
      await image.elementHandle(),
    );
    assert.equal(await appeal.getByText('Image withheld').count(), 0);
    await page.getByRole('navigation', { name: 'Member area' }).getByRole('link', { name: 'Member area' }).click();
    await page.waitForURL('**/user');
    await context.close();
    assert.deepEqual(errors, []);
  });

  it('screenshots: People and the admin pages, desktop and phone, light and dark', { skip: !shotsDir }, async () => {
    const pages: [string, string, string][] = [
      ['people', 'trainee@example.com', '/user/people?company=Pixel+Labs'],
      ['admin-appeals', 'admin@example.com', '/admin/appeals'],
      ['admin-reports', 'admin@example.com', '/admin/reports'],
      ['admin-referrals', 'admin@example.com', '/admin/referral'],
      ['admin-home', 'admin@example.com', '/admin'],
      ['admin-cohorts', 'admin@example.com', '/admin/cohorts'],
    ];
    for (const [name, email, url] of pages) {
      for (const [device, size] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const { context, page } = await signedInPage(suite.browser, suite.server.baseUrl, email, { ...size, colorScheme });
          await page.goto(url);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          if (name === 'people') await countText(page);
          await page.waitForLoadState('networkidle');
          await page.screenshot({ path: path.join(shotsDir ?? '', `${name}-${device}-${colorScheme}.png`) });
          if (name === 'people' && device === 'phone') {
            await page.getByRole('button', { name: /^Filters/ }).click();
            await page.waitForTimeout(400);
            await page.screenshot({ path: path.join(shotsDir ?? '', `${name}-sheet-${device}-${colorScheme}.png`) });
          }
          if (name === 'admin-home' && device === 'phone') {
            await page.getByRole('button', { name: 'Open menu' }).click();
            await page.waitForTimeout(300);
            await page.screenshot({ path: path.join(shotsDir ?? '', `${name}-menu-${device}-${colorScheme}.png`) });
          }
          await context.close();
        }
      }
    }
  });
});
