// Every public page renders on the real server without console errors, on desktop and phone widths.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser } from './support/suite.ts';
import { newContext, openPage } from './support/browser.ts';

const PUBLIC_PAGES: Array<[path: string, text: RegExp]> = [
  ['/', /welcome/i],
  ['/communities', /why join/i],
  ['/Communities', /why join/i],
  ['/events', /event/i],
  ['/about', /about/i],
  ['/verifiedprofessionals', /verified/i],
  ['/careergrowth', /career/i],
  ['/Industrycommunities', /communit/i],
  ['/login', /Sign in to your account/],
  ['/signup', /Signup to your account today\./],
];

describe('public pages', () => {
  const suite = useServerAndBrowser({});

  for (const [path, text] of PUBLIC_PAGES) {
    it(`${path} renders without console errors`, async () => {
      for (const width of [1280, 390]) {
        const context = await newContext(suite.browser, suite.server.baseUrl, width, 844);
        const { page, errors } = await openPage(context);
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 10_000 });
        assert.match((await page.locator('main').first().textContent()) ?? '', text);
        await page.waitForLoadState('networkidle');
        assert.deepEqual(errors, [], `console errors on ${path} at ${width}px`);
        await context.close();
      }
    });
  }

  it('lists the eight seeded communities from the database', async () => {
    const context = await newContext(suite.browser, suite.server.baseUrl);
    const { page } = await openPage(context);
    await page.goto('/communities');
    await page.getByRole('heading', { name: 'Web Development' }).first().waitFor();
    const response = await fetch(`${suite.server.baseUrl}/api/communities/`);
    const communities = (await response.json()) as unknown[];
    assert.equal(communities.length, 8);
    await context.close();
  });
});
