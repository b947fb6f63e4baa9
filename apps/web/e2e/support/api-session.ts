// Signing in through the API, for tests and scripts that need a session without the sign-in page.
import assert from 'node:assert/strict';

/** The demo people's password (apps/api seeds them with it). */
export const DEMO_PASSWORD = 'alumlink-demo';

export type Tokens = { access: string; refresh: string };

/** A person's access and refresh tokens from POST /api/token/. */
export async function signInByApi(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<Tokens> {
  const response = await fetch(`${baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(response.status, 200, `sign-in of ${email} failed: ${response.status} ${await response.clone().text()}`);
  return (await response.json()) as Tokens;
}

/** The browser local-storage entries the app keeps a signed-in session in (src/lib/storage.ts). */
export async function storedSessionOf(baseUrl: string, email: string): Promise<Record<string, string>> {
  const tokens = await signInByApi(baseUrl, email);
  const response = await fetch(`${baseUrl}/social/user-profiles/me/`, { headers: { authorization: `Bearer ${tokens.access}` } });
  assert.equal(response.status, 200, `profile of ${email}: ${response.status}`);
  const user = (await response.json()) as { id: number };
  return { access_token: tokens.access, refresh_token: tokens.refresh, user: JSON.stringify(user), user_id: String(user.id) };
}
