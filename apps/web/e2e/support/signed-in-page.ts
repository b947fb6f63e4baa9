import type { Browser, BrowserContext, Page } from 'playwright-core';
import { storedSessionOf } from './api-session.ts';

export type PageLook = { width: number; height: number; colorScheme: 'light' | 'dark' };

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
  const storage = await storedSessionOf(baseUrl, email);
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: look.width, height: look.height },
    colorScheme: look.colorScheme,
  });
  await context.addInitScript((entries) => {
    if (window.location.pathname === '/healthz') for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  const boot = await context.newPage();
  await boot.goto('/healthz');
  await boot.close();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}
