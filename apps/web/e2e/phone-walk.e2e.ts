// The phone walk: every member page as each role and every admin page as the admin, at 390 px, on
// the real server. A page fails when it scrolls sideways, toasts an error on load, or logs a console error.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { DEMO_PASSWORD } from './support/api-session.ts';

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

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password$/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/\/(user|admin)/, { timeout: 15_000 });
}

/** What is wrong with the page once loaded: sideways scrolling, an error toast. */
async function problemsOf(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.getByRole('heading').first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(400);
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
  let server: RunningServer;
  let browser: Browser;

  before(async () => {
    server = await startServer({ RATE_LIMIT_MULTIPLIER: '20' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const { role, email, pages } of ROLES) {
    it(`every page as the ${role}`, async () => {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
      try {
        const { page, errors } = await openPage(context);
        await signIn(page, email);
        const found: string[] = [];
        for (const path of pages) {
          errors.length = 0;
          const problems = await problemsOf(page, path);
          for (const error of errors) problems.push(`console error: ${error}`);
          if (problems.length > 0) found.push(`${path}: ${problems.join('; ')}`);
        }
        assert.deepEqual(found, [], `as the ${role}:\n${found.join('\n')}`);
      } finally {
        await context.close();
      }
    });
  }
});
