// The phone walk: every member page as each role and every admin page as the admin, at 390 px, on
// the real server. A page fails when it scrolls sideways, toasts an error on load, or logs a console error.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useServerAndBrowser } from './support/suite.ts';
import { HOME, signIn } from './support/sign-in.ts';
import { visitPages } from './support/visit-pages.ts';
import { openPage } from './support/browser.ts';

const MEMBER_PAGES = [
  '/user',
  '/user/people',
  '/user/mentoring',
  '/user/profile',
  '/user/messages',
  '/user/jobs',
  '/user/referrals',
  '/user/events',
  '/user/notifications',
  '/user/search?q=a',
  '/user/settings',
  '/user/settings/profile',
  '/user/settings/privacy',
  '/user/settings/notifications',
  '/user/settings/account',
];
const ADMIN_PAGES = [
  '/admin',
  '/admin/jobs',
  '/admin/managepost',
  '/admin/referral',
  '/admin/roleupdater',
  '/admin/audit-log',
  '/admin/system',
  '/admin/reports',
  '/admin/appeals',
  '/admin/mentoring',
  '/admin/outcomes',
  '/admin/profile',
  '/admin/cohorts',
  '/admin/invitations',
];
const ROLES = [
  { role: 'trainee', email: 'trainee@example.com', pages: MEMBER_PAGES },
  { role: 'alumnus', email: 'alumni@example.com', pages: MEMBER_PAGES },
  { role: 'admin', email: 'admin@example.com', pages: [...MEMBER_PAGES, ...ADMIN_PAGES] },
] as const;

/** What is wrong with the page once loaded: sideways scrolling, an error toast. */
async function problemsOf(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  if (scrollWidth > innerWidth) problems.push(`scrolls sideways (${scrollWidth} px wide in ${innerWidth} px)`);
  const toasts = await page.locator('.toast-error').allTextContents();
  if (toasts.length > 0) problems.push(`error toast: ${toasts.join(' | ')}`);
  return problems;
}

describe('the phone walk (390 px): no sideways scrolling, error toast or console error', () => {
  const suite = useServerAndBrowser();

  for (const { role, email, pages } of ROLES) {
    it(`every page as the ${role}`, async () => {
      const context = await suite.browser.newContext({
        baseURL: suite.server.baseUrl,
        viewport: { width: 390, height: 844 },
        reducedMotion: 'reduce',
      });
      try {
        const { page, errors } = await openPage(context);
        await signIn(page, email, { landing: HOME });
        errors.length = 0;
        const found = await visitPages(
          page,
          pages,
          async () => {
            const problems = [...(await problemsOf(page)), ...errors.map((error) => `console error: ${error}`)];
            errors.length = 0;
            return problems;
          },
          400,
        );
        assert.deepEqual(found, [], `as the ${role}:\n${found.join('\n')}`);
      } finally {
        await context.close();
      }
    });
  }
});
