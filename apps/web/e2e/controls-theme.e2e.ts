// The shared controls in both themes: a dropdown shows its arrow (it looked like a text box when
// the arrow's class held spaces Tailwind could not generate), and a toast takes the theme's colours
// (it stayed white in dark mode).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signedInContext } from './support/signed-in-page.ts';
import { useServerAndBrowser } from './support/suite.ts';

async function settingsPage(
  browser: Browser,
  baseUrl: string,
  colorScheme: 'light' | 'dark',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(browser, baseUrl, 'alumni@example.com', { viewport: { width: 1280, height: 800 }, colorScheme });
  const page = await context.newPage();
  await page.goto('/user/settings/privacy');
  return { context, page };
}

/** --surface-raised of each theme (tokens.css), as computed styles write it. */
const SURFACE_RAISED = { light: 'rgb(255, 255, 255)', dark: 'rgb(24, 32, 51)' } as const;

describe('shared controls in both themes', () => {
  const suite = useServerAndBrowser();

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`a dropdown shows its arrow and a toast the theme's surface (${colorScheme})`, async () => {
      const { context, page } = await settingsPage(suite.browser, suite.server.baseUrl, colorScheme);
      try {
        const section = page.getByRole('form', { name: 'Privacy' });
        const skills = section.getByLabel('Skills');
        await skills.waitFor();
        const arrow = await skills.evaluate((element) => getComputedStyle(element).backgroundImage);
        assert.match(arrow, /^url\("data:image\/svg\+xml/, 'the select draws its arrow');

        await skills.selectOption(colorScheme === 'dark' ? 'only_me' : 'connections');
        await section.getByRole('button', { name: 'Save privacy' }).click();
        const toast = page.getByRole('status').filter({ hasText: 'Privacy saved.' });
        await toast.waitFor();
        // react-hot-toast's bar is the message's parent; it takes --surface-raised (tokens.css).
        const background = await toast.evaluate((element) => getComputedStyle(element.parentElement ?? element).backgroundColor);
        assert.equal(background, SURFACE_RAISED[colorScheme], 'the toast is painted in the theme');
      } finally {
        await context.close();
      }
    });
  }
});
