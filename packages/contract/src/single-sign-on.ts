import { z } from 'zod';

// Single sign-on with an OpenID Connect provider (DESIGN 9.1): the browser goes to
// /api/auth/oidc/start/, the provider sends it back to /api/auth/oidc/callback/, which hands it a
// one-time code at /login/sso?code=…; the web app exchanges the code for the sign-in's tokens.

/** GET /api/auth/oidc/ (no sign-in): whether single sign-on is on, and its button's text. */
export const ssoStatusSchema = z.object({ enabled: z.boolean(), label: z.string().nullable() });
export type SsoStatus = z.infer<typeof ssoStatusSchema>;

/** Longest one-time code accepted (they are 43 characters: 32 random bytes, base64url). */
export const SSO_CODE_MAX = 100;

/** POST /api/auth/oidc/exchange/: the one-time code of /login/sso?code=… → the same answer as POST /api/token/. */
export const ssoExchangeRequestSchema = z.object({
  code: z.string({ error: 'This field is required.' }).min(1, 'This field is required.').max(SSO_CODE_MAX),
});
export type SsoExchangeRequest = z.infer<typeof ssoExchangeRequestSchema>;

/** `code` of the 400 answer when the one-time code is unknown, used or expired. */
export const SSO_CODE_INVALID = 'sso_code_invalid';

/** The `sso_error` of the callback's redirect to /login?sso_error=… when single sign-on did not sign the person in. */
export const SSO_ERRORS = ['state', 'denied', 'unverified_email', 'invite_only', 'domain_not_allowed', 'inactive', 'failed'] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

export const SSO_MESSAGES = {
  codeInvalid: 'This sign-in link has expired or was already used. Please sign in again.',
  errors: {
    state: 'The sign-in could not be checked (it expired or was started in another browser). Please try again.',
    denied: 'The sign-in was cancelled at your organisation’s sign-in page.',
    unverified_email: 'Your organisation’s account has no verified e-mail address, so it cannot be linked. Ask your IT team.',
    invite_only: 'Sign-up is by invitation only, and there is no account or invitation for your e-mail address.',
    domain_not_allowed: 'Sign-up is open only to e-mail addresses of your organisation.',
    inactive: 'This account is not active. Contact an administrator.',
    failed: 'Single sign-on did not work this time. Please try again, or sign in with your password.',
  } satisfies Record<SsoError, string>,
} as const;

/** The message of an `sso_error` value from the address bar (anything unknown reads as `failed`). */
export function ssoErrorMessage(value: string): string {
  return (SSO_ERRORS as readonly string[]).includes(value) ? SSO_MESSAGES.errors[value as SsoError] : SSO_MESSAGES.errors.failed;
}
