import { AUTH_MESSAGES, type LoginResponse, type TokenPair } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import { tokenNotValid } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { hashRefreshToken, newRefreshToken } from '../../lib/tokens';
import { isTwoFactorEnabled } from '../settings/settings.service';
import { findUserByEmail } from '../users/users.service';
import { findRefreshSessionForUpdate, revokeAllSessionsOfUser, revokeFamily } from './auth.repository';
import { verifyOneTimeCode } from './codes.service';
import { accessTokenFor, announceSessionsEnded, createRefreshSession } from './session-tokens.service';
import { attemptDataOf, resendAttemptCode, type AttemptData } from './registration-attempts.service';
import {
  clearSignInFailures,
  mailUnlockCode,
  recordSignInFailure,
  rememberSignInAddress,
  signInThrottled,
  throttledFor,
} from './sign-in-throttle.service';
import { startTwoFactorSignIn } from './two-factor.service';

export { accessTokenFor, announceSessionsEnded, createRefreshSession };

/**
 * argon2id hash (same parameters as lib/passwords) of a password nobody has: unknown e-mails are
 * checked against it, so a sign-in takes as long whether or not the account exists.
 */
const DUMMY_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$p19xN0/APPYZ2RK3sx9plw$jM55c2P55TQo0KG2pMlZ56sA/5KV3lySDkhTBEnfUgk';

const invalidCredentials = () => new AppError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);
const emailNotVerified = () => new AppError(403, 'email_not_verified', AUTH_MESSAGES.unverified);

/** 403 for an unverified (legacy) account, after re-sending a code for its own data (once a minute at most). */
async function refuseUnverified(ctx: AppContext, email: string, legacy: AttemptData, now: Date): Promise<never> {
  await ctx.transaction((work) => resendAttemptCode(work, email, legacy, now));
  throw emailNotVerified();
}

/** A sign-in request: the body's fields and the client's address (its rate-limit key: an IPv6 client by its /64). */
export type SignInInput = { email: string; password: string; unlock_code?: string | undefined; address: string };

/**
 * POST /api/token/: e-mail and password → a token pair. Wrong e-mail, wrong password and
 * inactive accounts get the same 401; an unverified account (right password) gets 403 and a
 * fresh verification code when the cooldown allows. With two-factor sign-in on (settings), no
 * tokens yet: a sign-in code is e-mailed (the cooldown keeps the previous one valid) with a
 * challenge for this caller, and POST /api/token/verify-2fa/ finishes (two-factor.service.ts).
 *
 * Repeated failures throttle the account (sign-in-throttle.service.ts): a 429 without checking
 * the password, except from an address that signed in to it before, or with the e-mailed unlock
 * code — then the password is checked, and a wrong password or a wrong code get the same 401.
 */
export async function signIn(ctx: AppContext, input: SignInInput): Promise<LoginResponse> {
  const now = new Date();
  const attempt = { email: input.email, address: input.address, now };
  const user = await findUserByEmail(ctx.db, input.email);
  const throttled = await throttledFor(ctx, attempt, user?.id ?? 0);
  if (throttled > 0 && input.unlock_code === undefined) {
    await mailUnlockCode(ctx, attempt, user);
    throw signInThrottled(throttled);
  }
  const passwordMatches = await verifyPassword(user?.passwordHash ?? DUMMY_PASSWORD_HASH, input.password);
  if (!user || !passwordMatches || !user.isActive) {
    await recordSignInFailure(ctx, attempt, user);
    throw invalidCredentials();
  }
  if (throttled > 0 && (await verifyOneTimeCode(ctx, user.id, 'unlock', input.unlock_code ?? '')) !== 'ok') {
    // Only someone with the password gets here: only they can spend the code's attempts.
    throw invalidCredentials();
  }
  await clearSignInFailures(ctx, input.email);
  // A pending sign-up has no account yet (its attempts are not checked: the answer must not
  // depend on what others registered), so it was answered like an unknown e-mail above.
  if (!user.emailVerifiedAt) await refuseUnverified(ctx, input.email, attemptDataOf(user), now);
  if (await isTwoFactorEnabled(ctx, user.id)) return startTwoFactorSignIn(ctx, user, now);
  const session = await ctx.db.transaction((tx) => createRefreshSession(tx, user.id, now));
  await rememberSignInAddress(ctx, user.id, input.address, now);
  return { access: await accessTokenFor(ctx, user, session.family), refresh: session.token };
}

/**
 * POST /api/token/refresh/: rotates the refresh token. A token that was already used (revoked)
 * means it leaked or was replayed: the whole family is revoked (its access tokens and sockets
 * too), so the thief and the owner must both sign in again. A family older than
 * LIMITS.refreshTokenDays is refused: rotation never extends a sign-in.
 */
export async function refreshTokens(ctx: AppContext, refreshToken: string): Promise<TokenPair> {
  const now = new Date();
  const next = newRefreshToken();
  const rotation = await ctx.repositories.sessions.rotateRefreshSession({
    tokenHash: hashRefreshToken(refreshToken),
    nextTokenHash: hashRefreshToken(next),
    now,
  });
  if (rotation.outcome === 'revoke') {
    const { family, userId } = rotation;
    await ctx.db.transaction((tx) => revokeFamily(tx, family, now));
    ctx.events.emit('sessions.ended', { userId, family });
  }
  if (rotation.outcome !== 'rotated') throw tokenNotValid();
  return { access: await accessTokenFor(ctx, rotation.user, rotation.family), refresh: next };
}

/**
 * POST /api/auth/logout/: ends the sign-in of the access token used and the one of the given
 * refresh token (normally the same), or every sign-in of the person without a refresh token.
 * Their access tokens are refused and their sockets closed at once.
 */
export async function logout(ctx: AppContext, user: { id: number; session: string }, refreshToken: string | undefined): Promise<void> {
  const now = new Date();
  const ended = await ctx.db.transaction(async (tx) => {
    if (refreshToken === undefined || refreshToken === '') {
      await revokeAllSessionsOfUser(tx, user.id, now);
      return [null];
    }
    const families = new Set([user.session]);
    const session = await findRefreshSessionForUpdate(tx, hashRefreshToken(refreshToken));
    // Someone else's token is ignored (and not revealed): logout stays idempotent.
    if (session && session.userId === user.id) families.add(session.family);
    for (const family of families) await revokeFamily(tx, family, now);
    return [...families];
  });
  for (const family of ended) announceSessionsEnded(ctx, user.id, family);
}
