// Signing in through the app's sign-in page, as a person does.
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from './api-session.ts';

/** Where the app is once signed in: a path (`/user`, `/admin`), a pattern of the URL, or a test of it. */
export type Landing = string | RegExp | ((url: URL) => boolean);

/** The member home or the admin portal, whichever the person's role lands on. */
export const HOME: Landing = /\/(user|admin)$/;

export type SignInOptions = { password?: string; landing?: Landing; timeout?: number };

/** Fills the sign-in form on the page as it is and submits it (waits for nothing). */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/** Opens /login, signs in (the demo password unless told) and waits until the app is at `landing` (/user by default). */
export async function signIn(
  page: Page,
  email: string,
  { password, landing = '/user', timeout = 15_000 }: SignInOptions = {},
): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await page.waitForURL(typeof landing === 'string' ? `**${landing}` : landing, { timeout });
}
