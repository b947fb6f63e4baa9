import assert from 'node:assert/strict';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { storedSessionOf } from './api-session.ts';
import { openPage } from './browser.ts';

export type PageLook = { width: number; height: number; colorScheme: 'light' | 'dark' };

/** A context whose local storage holds `storage` before the app's first script runs (written on /healthz, which is not the app). */
export async function contextWithStorage(
  browser: Browser,
  baseUrl: string,
  storage: Record<string, string>,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, ...options });
  await context.addInitScript((entries) => {
    if (window.location.pathname === '/healthz') for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  const boot = await context.newPage();
  await boot.goto('/healthz');
  await boot.close();
  return context;
}

/** The context options of a look: its viewport and colour scheme. */
export function lookOptions(look: PageLook): BrowserContextOptions {
  return { viewport: { width: look.width, height: look.height }, colorScheme: look.colorScheme };
}

/** A context signed in as `email` (the app's stored session), with any further stored settings (e.g. `{ theme: 'Dark' }`). */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  email: string,
  options: BrowserContextOptions = {},
  settings: Record<string, string> = {},
): Promise<BrowserContext> {
  return contextWithStorage(browser, baseUrl, { ...(await storedSessionOf(baseUrl, email)), ...settings }, options);
}

/**
 * A page signed in as `email` (its session stored before the app's first script runs), at the
 * given size and colour scheme, with the console errors and uncaught exceptions it collects.
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  email: string,
  look: PageLook,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await signedInContext(browser, baseUrl, email, lookOptions(look));
  return { context, ...(await openPage(context)) };
}

export type NamedLook = PageLook & { name: string };

/** The looks screenshots are taken in: light then dark, each on a desktop (`desktopHeight` tall) and a 390 px phone; named `desktop-light` and so on. */
export function screenshotLooks(desktopHeight = 800): NamedLook[] {
  return (['light', 'dark'] as const).flatMap((colorScheme) => [
    { name: `desktop-${colorScheme}`, width: 1280, height: desktopHeight, colorScheme },
    { name: `phone-${colorScheme}`, width: 390, height: 844, colorScheme },
  ]);
}

/** Runs `walk` in a fresh page signed in as `email` in each look (its context closed after) and asserts each logged no console error. */
export async function inEachLook(
  browser: Browser,
  baseUrl: string,
  email: string,
  walk: (page: Page, name: string) => Promise<void>,
  looks: NamedLook[] = screenshotLooks(),
): Promise<void> {
  for (const look of looks) {
    const { context, page, errors } = await signedInPage(browser, baseUrl, email, look);
    try {
      await walk(page, look.name);
      assert.deepEqual(errors, [], look.name);
    } finally {
      await context.close();
    }
  }
}
