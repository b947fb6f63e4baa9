// Accessibility: axe-core on every public page and every signed-in page (user area and admin
// portal), in light and dark themes, on the real server. No serious or critical violation.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useServerAndBrowser } from './support/suite.ts';
import { signIn } from './support/sign-in.ts';
import { visitPages } from './support/visit-pages.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const PUBLIC_PAGES = [
  '/',
  '/communities',
  '/events',
  '/about',
  '/verifiedprofessionals',
  '/careergrowth',
  '/Industrycommunities',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password?email=someone%40example.com',
  '/no-such-page',
];
const USER_PAGES = [
  '/user',
  '/user/people',
  '/user/mentoring',
  '/user/profile',
  '/user/messages',
  '/user/jobs',
  '/user/referrals',
  '/user/settings/profile',
  '/user/settings/privacy',
  '/user/settings/notifications',
  '/user/settings/account',
  '/user/events',
];
const ADMIN_PAGES = [
  '/admin',
  '/admin/jobs',
  '/admin/managepost',
  '/admin/referral',
  '/admin/roleupdater',
  '/admin/audit-log',
  '/admin/reports',
  '/admin/appeals',
  '/admin/mentoring',
  '/admin/outcomes',
  '/admin/profile',
];

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] };

/** axe-core's serious and critical violations on the current page (injected over CDP, so the CSP does not apply). */
async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Each violation as a line (and its first nodes), for the failure message. */
function describeViolations(scheme: string, violations: Violation[]): string[] {
  return violations.map(
    (v) =>
      `(${scheme}) [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(0, 2).join(' ')}`).join('\n')}`,
  );
}

/** Runs axe on each path in a new page of `context` (signed in as it is, or not), then closes the context. */
async function auditPages(context: BrowserContext, paths: readonly string[], scheme: string): Promise<void> {
  const page = await context.newPage();
  const found = await visitPages(page, paths, async () => describeViolations(scheme, await seriousViolations(page)));
  await context.close();
  assert.deepEqual(found, []);
}

/** A desktop context in `scheme`, with reduced motion, signed in as `email` through the sign-in page if given. */
async function auditContext(
  browser: Browser,
  baseUrl: string,
  scheme: 'light' | 'dark',
  email?: string,
  landing?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    colorScheme: scheme,
    reducedMotion: 'reduce',
  });
  if (email) {
    const page = await context.newPage();
    await signIn(page, email, { landing });
    await page.close();
  }
  return context;
}

describe('accessibility (axe-core: no serious or critical violations)', () => {
  const suite = useServerAndBrowser();

  for (const scheme of ['light', 'dark'] as const) {
    it(`public pages (${scheme})`, async () => {
      await auditPages(await auditContext(suite.browser, suite.server.baseUrl, scheme), PUBLIC_PAGES, scheme);
    });

    it(`user area (${scheme})`, async () => {
      await auditPages(await auditContext(suite.browser, suite.server.baseUrl, scheme, 'alumni@example.com', '/user'), USER_PAGES, scheme);
    });

    it(`admin portal (${scheme})`, async () => {
      await auditPages(await auditContext(suite.browser, suite.server.baseUrl, scheme, 'admin@example.com', '/admin'), ADMIN_PAGES, scheme);
    });
  }
});
