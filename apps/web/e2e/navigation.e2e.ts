// Events in the navigation: on a phone (390 px; hosts check people in there) the More menu leads
// to the events page, and on a desktop the sidebar does. With SHOTS_DIR set, it saves screenshots
// of both widths in the light and the dark theme, and of the directory's typed filter values.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { useServerAndBrowser } from './support/suite.ts';
import { signedInContext } from './support/signed-in-page.ts';
import { openPage } from './support/browser.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const shotsDir = process.env.SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

describe('events in the navigation', () => {
  const suite = useServerAndBrowser();

  async function open(viewport: { width: number; height: number }, theme: 'Light' | 'Dark') {
    const context = await signedInContext(suite.browser, suite.server.baseUrl, 'trainee@example.com', { viewport }, { theme });
    return openPage(context);
  }

  for (const theme of ['Light', 'Dark'] as const) {
    it(`reaches the events page from the phone's More menu (${theme.toLowerCase()})`, async () => {
      const { page, errors } = await open(PHONE, theme);
      await page.goto('/user');
      await page.getByRole('button', { name: 'More', exact: true }).click();
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem', { name: 'Events' }).waitFor();
      await shot(page, `phone-menu-${theme.toLowerCase()}`);
      await menu.getByRole('menuitem', { name: 'Events' }).click();
      await page.waitForURL('**/user/events');
      await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= PHONE.width, `no sideways scrolling on a phone (${width}px)`);
      await shot(page, `phone-events-${theme.toLowerCase()}`);
      assert.deepEqual(errors, []);
    });

    it(`reaches the events page from the desktop sidebar (${theme.toLowerCase()})`, async () => {
      const { page, errors } = await open(DESKTOP, theme);
      await page.goto('/user');
      const sidebar = page.getByRole('navigation', { name: 'Main' }).first();
      await sidebar.getByRole('link', { name: 'Events' }).click();
      await page.waitForURL('**/user/events');
      await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
      await shot(page, `desktop-events-${theme.toLowerCase()}`);
      // The directory's filters take a typed value beside the top ones.
      await page.goto('/user/people');
      const filters = page.getByRole('complementary', { name: 'Filters' });
      await filters.getByRole('textbox', { name: 'Another company' }).fill('Initech');
      await filters.getByRole('textbox', { name: 'Another company' }).press('Enter');
      await page.waitForURL(/company=Initech/);
      // The select follows the URL once the page has rendered the new filters.
      const company = filters.getByLabel('Company', { exact: true });
      const deadline = Date.now() + 10_000;
      while ((await company.inputValue()) !== 'Initech' && Date.now() < deadline) await page.waitForTimeout(100);
      assert.equal(await company.inputValue(), 'Initech');
      await shot(page, `desktop-directory-typed-${theme.toLowerCase()}`);
      assert.deepEqual(errors, []);
    });
  }
});
