// Accessibility: axe-core on every public page and every signed-in page (user area and admin
// portal), in light and dark themes, on the real server. No serious or critical violation.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from './support/server.ts';
import { launchBrowser } from './support/browser.ts';

const PASSWORD = 'alumlink-demo';
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

async function settle(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading').first().waitFor({ timeout: 15_000 });
  // Lists load after the first paint; let them and any entrance transition finish.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(300);
}

function describeViolations(path: string, scheme: string, violations: Violation[]): string {
  return violations
    .map(
      (v) =>
        `${path} (${scheme}): [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(0, 2).join(' ')}`).join('\n')}`,
    )
    .join('\n');
}

async function signedInContext(
  browser: Browser,
  baseUrl: string,
  email: string,
  landing: string,
  scheme: 'light' | 'dark',
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    colorScheme: scheme,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password$/i).fill(PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(`**${landing}`, { timeout: 15_000 });
  await page.close();
  return context;
}

describe('accessibility (axe-core: no serious or critical violations)', () => {
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

  for (const scheme of ['light', 'dark'] as const) {
    it(`public pages (${scheme})`, async () => {
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 1280, height: 800 },
        colorScheme: scheme,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of PUBLIC_PAGES) {
        await settle(page, path);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found.push(describeViolations(path, scheme, violations));
      }
      await context.close();
      assert.deepEqual(found, []);
    });

    it(`user area (${scheme})`, async () => {
      const context = await signedInContext(browser, server.baseUrl, 'alumni@example.com', '/user', scheme);
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of USER_PAGES) {
        await settle(page, path);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found.push(describeViolations(path, scheme, violations));
      }
      await context.close();
      assert.deepEqual(found, []);
    });

    it(`admin portal (${scheme})`, async () => {
      const context = await signedInContext(browser, server.baseUrl, 'admin@example.com', '/admin', scheme);
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of ADMIN_PAGES) {
        await settle(page, path);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found.push(describeViolations(path, scheme, violations));
      }
      await context.close();
      assert.deepEqual(found, []);
    });
  }
});
