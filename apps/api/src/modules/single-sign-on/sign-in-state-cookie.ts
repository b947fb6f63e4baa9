import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * What the callback needs to finish a sign-in the start route began: the state (binds the
 * provider's answer to this browser), the nonce (binds the ID token to this sign-in) and the
 * PKCE verifier (only this server can redeem the authorization code). It travels in one
 * short-lived HttpOnly cookie sealed with AES-256-GCM under a key derived from JWT_SECRET:
 * the browser can neither read nor change it, and any instance of the deployment can open it
 * (no state in one process's memory, no table to clean).
 */
export type SignInState = { state: string; nonce: string; verifier: string; expiresAt: number };

export const STATE_COOKIE = 'alumlink_sso';
/** Where the cookie is sent: the callback only (the start route sets it). */
export const STATE_COOKIE_PATH = '/api/auth/oidc/';
/** Ten minutes to sign in at the provider. */
export const STATE_TTL_SECONDS = 600;

const keyOf = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'alumlink', 'sso-sign-in-state', 32));

export function sealState(secret: string, value: SignInState): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

/** The sealed state, or null when it is missing, altered, sealed with another key, or expired. */
export function openState(secret: string, sealed: string | undefined, now: Date = new Date()): SignInState | null {
  const [iv, body, tag] = (sealed ?? '').split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !body || !tag || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv);
    decipher.setAuthTag(tag);
    const value = JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')) as SignInState;
    return value.expiresAt > now.getTime() ? value : null;
  } catch {
    return null;
  }
}

/** The Set-Cookie header value that stores (or, with `value` null, clears) the state. */
export function stateCookieHeader(value: string | null, secure: boolean): string {
  const parts = [
    `${STATE_COOKIE}=${value ?? ''}`,
    `Path=${STATE_COOKIE_PATH}`,
    `Max-Age=${value === null ? 0 : STATE_TTL_SECONDS}`,
    'HttpOnly',
    // Lax: sent on the provider's top-level redirect back to the callback, not on cross-site subrequests.
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The state cookie's value in a Cookie request header. */
export function stateCookieOf(cookieHeader: string | undefined): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = pair.trim().split('=');
    if (name === STATE_COOKIE) return rest.join('=');
  }
  return undefined;
}
