import { SSO_CODE_INVALID, SSO_MESSAGES, type LoginResponse } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { OidcConfig } from '../../config';
import { AppError } from '../../lib/errors';
import { accessTokenFor, createRefreshSession } from '../auth/session-tokens.service';
import { rememberSignInAddress } from '../auth/sign-in-throttle.service';
import { startTwoFactorSignIn } from '../auth/two-factor.service';
import { isTwoFactorEnabled } from '../settings/settings.service';
import { findUserById } from '../users/users.service';
import { beginSignIn, finishSignIn } from './oidc-client';
import { openState, sealState } from './sign-in-state-cookie';
import { accountForIdentity, SsoRefusal } from './sso-accounts.service';
import { consumeHandoff, deleteExpiredHandoffs, issueHandoff } from './sso-handoffs.repository';

/** Where the provider sends the browser back: registered with the provider as the client's redirect URI. */
export const callbackUrlOf = (ctx: AppContext) => `${ctx.config.publicUrl}/api/auth/oidc/callback/`;

/** GET /api/auth/oidc/start/: the provider's sign-in URL and the sealed state for the cookie. */
export async function startSsoSignIn(
  ctx: AppContext,
  oidc: OidcConfig,
  now: Date = new Date(),
): Promise<{ location: string; sealed: string }> {
  const { url, state } = await beginSignIn(oidc, callbackUrlOf(ctx), now);
  return { location: url.href, sealed: sealState(ctx.config.jwtSecret, state) };
}

/** The callback's answer: a one-time code for /login/sso, or why not (for /login?sso_error=). */
export type CallbackOutcome = { code: string } | { error: SsoRefusal['code'] };

/**
 * GET /api/auth/oidc/callback/: checks the state cookie against the provider's answer, redeems the
 * authorization code, finds or makes the account (sso-accounts.service.ts) and issues the one-time
 * code the web app exchanges. `query` is the callback's raw query string.
 */
export async function finishSsoSignIn(
  ctx: AppContext,
  oidc: OidcConfig,
  input: { query: string; sealedState: string | undefined },
  now: Date = new Date(),
): Promise<CallbackOutcome> {
  const expected = openState(ctx.config.jwtSecret, input.sealedState, now);
  const params = new URLSearchParams(input.query);
  // Checked here too (openid-client checks it again): a foreign or missing state is refused before anything else.
  if (!expected || params.get('state') !== expected.state) return { error: 'state' };
  if (params.has('error')) return { error: params.get('error') === 'access_denied' ? 'denied' : 'failed' };
  try {
    const identity = await finishSignIn(oidc, new URL(`${callbackUrlOf(ctx)}?${input.query}`), expected);
    const account = await accountForIdentity(ctx, identity, now);
    await deleteExpiredHandoffs(ctx.db, now);
    return { code: await issueHandoff(ctx.db, account.id, now) };
  } catch (error) {
    if (error instanceof SsoRefusal) return { error: error.code };
    ctx.log.warn({ err: error }, 'single sign-on: the provider’s answer was refused');
    return { error: 'failed' };
  }
}

const codeInvalid = () => new AppError(400, SSO_CODE_INVALID, SSO_MESSAGES.codeInvalid);

/**
 * POST /api/auth/oidc/exchange/: the one-time code → the same answer as a password sign-in: the
 * tokens, or (two-factor sign-in on) the e-mailed code's challenge. A code works once, for a minute.
 */
export async function exchangeSsoCode(ctx: AppContext, code: string, address: string, now: Date = new Date()): Promise<LoginResponse> {
  const userId = await consumeHandoff(ctx.db, code, now);
  const user = userId === null ? null : await findUserById(ctx.db, userId);
  if (!user || !user.isActive) throw codeInvalid();
  if (await isTwoFactorEnabled(ctx, user.id)) return startTwoFactorSignIn(ctx, user, now);
  const session = await ctx.db.transaction((tx) => createRefreshSession(tx, user.id, now));
  await rememberSignInAddress(ctx, user.id, address, now);
  return { access: await accessTokenFor(ctx, user, session.family), refresh: session.token };
}
