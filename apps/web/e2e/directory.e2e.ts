// The alumni directory end to end (issue #16): filter with the facet counts, share the URL (a new
// page shows the same people), open a card to the profile with its career fields; the phone sheet.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { useServerAndBrowser } from './support/suite.ts';
import { signIn } from './support/sign-in.ts';
import { newContext, openNewPage, openPage } from './support/browser.ts';

/** The names on the result cards, once the list has settled. */
async function cardNames(page: Page): Promise<string[]> {
  // The URL moves first; the requests for it follow (the name box after its debounce).
  await page.waitForTimeout(400);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForFunction(
    () => document.querySelector('section[aria-labelledby="people-heading"]')?.getAttribute('aria-busy') === 'false',
  );
  return page.locator('section[aria-labelledby="people-heading"] h3 a').allTextContents();
}

describe('directory', () => {
  const suite = useServerAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    ({ context, page, errors } = await openNewPage(suite.browser, suite.server.baseUrl));
    await signIn(page, 'trainee@example.com');
  });

  it('filters with facet counts, shares the URL, and opens a card to the profile', async () => {
    await page.getByRole('link', { name: 'People' }).first().click();
    await page.waitForURL('**/user/people');
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Filters' });
    const company = sidebar.getByLabel('Company', { exact: true });
    // The option carries its count: "Pixel Labs (n)".
    const pixelOption = company.locator('option', { hasText: /^Pixel Labs \(\d+\)$/ });
    await pixelOption.waitFor({ state: 'attached' });
    const pixelCount = Number(/\((\d+)\)/.exec((await pixelOption.textContent()) ?? '')?.[1]);
    await company.selectOption('Pixel Labs');
    await page.waitForURL(/company=Pixel\+Labs/);
    const atPixel = await cardNames(page);
    assert.equal(atPixel.length, pixelCount, `cards ${atPixel.join(', ')} vs count ${pixelCount}`);
    assert.ok(atPixel.includes('Alex Morgan'), atPixel.join(', '));

    // The box follows the URL, so it turns checked only after the navigation: click, then wait for it.
    await sidebar.getByLabel('Open to referrals').click();
    await page.waitForURL(/open_to_referrals=true/);
    const filtered = await cardNames(page);
    assert.ok(filtered.includes('Alex Morgan'));
    await page.getByRole('searchbox', { name: 'Search people by name' }).fill('alex');
    await page.waitForURL(/q=alex/);
    const named = await cardNames(page);
    assert.deepEqual(named, ['Alex Morgan']);

    // The link is shareable: a new page opened on it shows the same people and the same filters.
    const shared = page.url();
    const { page: second, errors: secondErrors } = await openPage(context);
    await second.goto(shared);
    assert.deepEqual(await cardNames(second), named);
    const secondSidebar = second.getByRole('complementary', { name: 'Filters' });
    assert.equal(await secondSidebar.getByLabel('Company', { exact: true }).inputValue(), 'Pixel Labs');
    assert.equal(await secondSidebar.getByLabel('Open to referrals').isChecked(), true);
    assert.equal(await second.getByRole('searchbox', { name: 'Search people by name' }).inputValue(), 'alex');
    await second.close();
    assert.deepEqual(secondErrors, []);

    // A card opens the profile, with the career fields.
    await page.getByRole('link', { name: 'Alex Morgan' }).click();
    await page.waitForURL(/\/user\/profile\/\d+$/);
    await page.getByRole('heading', { name: 'Alex Morgan', level: 1 }).waitFor();
    await page.getByText('Senior Frontend Engineer at Pixel Labs').waitFor();
    await page.getByText('Open to referrals').first().waitFor();
    await page.getByText('Cohort 2019').waitFor();

    // Back returns to the filtered directory.
    await page.goBack();
    await page.waitForURL(/\/user\/people\?.*company=Pixel\+Labs/);
    assert.deepEqual(await cardNames(page), ['Alex Morgan']);
    assert.deepEqual(errors, []);
  });

  it('on a phone the filters open in a dialog that holds the focus', async () => {
    const phone = await newContext(suite.browser, suite.server.baseUrl, 390, 844);
    const { page: mobile, errors: mobileErrors } = await openPage(phone);
    await signIn(mobile, 'trainee@example.com');
    await mobile.goto('/user/people');
    await mobile.getByRole('heading', { name: 'People', level: 1 }).waitFor();
    assert.equal(await mobile.getByRole('complementary', { name: 'Filters' }).isVisible(), false);
    await mobile.getByRole('button', { name: 'Filters' }).click();
    const dialog = mobile.getByRole('dialog', { name: 'Filters' });
    await dialog.waitFor();
    await dialog.getByLabel('Role').selectOption('AL');
    await mobile.waitForURL(/role=AL/);
    // Tabbing stays inside the dialog.
    for (let step = 0; step < 12; step += 1) {
      await mobile.keyboard.press('Tab');
      assert.equal(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        true,
        `focus left the dialog at tab ${step}`,
      );
    }
    await dialog.getByRole('button', { name: 'Show results' }).click();
    await mobile.getByRole('button', { name: 'Filters (1)' }).waitFor();
    const names = await cardNames(mobile);
    assert.ok(names.length > 0);
    await phone.close();
    assert.deepEqual(mobileErrors, []);
  });
});
