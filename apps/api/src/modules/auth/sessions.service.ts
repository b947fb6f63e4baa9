import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, LIMITS, TWO_FACTOR_MESSAGES, type LoginResponse, type Role, type TokenPair } from '@alumlink/contract';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { tokenNotValid } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { hashRefreshToken, newRefreshToken, signAccessToken } from '../../lib/tokens';
import { isTwoFactorEnabled } from '../settings/settings.service';
import { findUserByEmail } from '../users/users.service';
import type { AuthContext } from './auth.context';
import { findRefreshSessionForUpdate, insertRefreshSession, revokeAllSessionsOfUser, revokeFamily } from './auth.repository';
import { enqueueCodeEmail, sendOneTimeCode, verifyOneTimeCode } from './codes.service';
import {
  clearSignInFailures,
  mailUnlockCode,
  recordSignInFailure,
  rememberSignInAddress,
  signInThrottled,
  throttledFor,
} from './sign-in-throttle.service';
import { rotateRefreshSession } from './sessions.repository';

/**
 * argon2id hash (same parameters as lib/passwords) of a password nobody has: unknown e-mails are
 * checked against it, so a sign-in takes as long whether or not the account exists.
 */
const DUMMY_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$p19xN0/APPYZ2RK3sx9plw$jM55c2P55TQo0KG2pMlZ56sA/5KV3lySDkhTBEnfUgk';

const invalidCredentials = () => new AppError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);
const emailNotVerified = () => new AppError(403, 'email_not_verified', AUTH_MESSAGES.unverified);

/** When a refresh session started at `now` expires. */
const refreshExpiry = (now: Date) => new Date(now.getTime() + LIMITS.refreshTokenDays * 24 * 60 * 60 * 1000);

/** Starts a refresh session (a new family unless rotating) and returns its opaque token. */
export async function createRefreshSession(
  tx: Executor,
  userId: number,
  now: Date,
  family: string = randomUUID(),
): Promise<{ id: number; token: string }> {
  const token = newRefreshToken();
  const row = await insertRefreshSession(tx, {
    userId,
    tokenHash: hashRefreshToken(token),
    family,
    expiresAt: refreshExpiry(now),
    createdAt: now,
  });
  return { id: row.id, token };
}

export async function accessTokenFor(ctx: AuthContext, user: Pick<UserRow, 'id' | 'role' | 'isStaff'>): Promise<string> {
  return signAccessToken(ctx.config.jwtSecret, { id: user.id, role: user.role as Role, isStaff: user.isStaff });
}

/** A sign-in request: the body's fields and the client's address (`request.ip`). */
export type SignInInput = { email: string; password: string; unlock_code?: string | undefined; address: string };

/**
 * POST /api/token/: e-mail and password → a token pair. Wrong e-mail, wrong password and
 * inactive accounts get the same 401; an unverified account (right password) gets 403 and a
 * fresh verification code when the cooldown allows. With two-factor sign-in on (settings), no
 * tokens yet: a sign-in code is e-mailed (the cooldown keeps the previous one valid) and
 * POST /api/token/verify-2fa/ finishes.
 *
 * Repeated failures throttle the account (sign-in-throttle.service.ts): a 429 without checking
 * the password, except from an address that signed in to it before, or with the e-mailed unlock
 * code — then the password is checked, and a wrong password or a wrong code get the same 401.
 */
export async function signIn(ctx: AuthContext, input: SignInInput): Promise<LoginResponse> {
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
  if (!user.emailVerifiedAt) {
    const issued = await ctx.db.transaction((tx) => enqueueCodeEmail(ctx, tx, user, 'verify', now));
    if (issued) ctx.mailer.trigger();
    throw emailNotVerified();
  }
  if (await isTwoFactorEnabled(ctx.db, user.id)) {
    await sendOneTimeCode(ctx, user, 'sign-in');
    return { two_factor_required: true, detail: TWO_FACTOR_MESSAGES.codeSent };
  }
  const session = await ctx.db.transaction((tx) => createRefreshSession(tx, user.id, now));
  await rememberSignInAddress(ctx, user.id, input.address, now);
  return { access: await accessTokenFor(ctx, user), refresh: session.token };
}

/**
 * POST /api/token/refresh/: rotates the refresh token. A token that was already used (revoked)
 * means it leaked or was replayed: the whole family is revoked, so the thief and the owner
 * must both sign in again.
 */
export async function refreshTokens(ctx: AuthContext, refreshToken: string): Promise<TokenPair> {
  const now = new Date();
  const next = newRefreshToken();
  const rotation = await rotateRefreshSession(ctx.db, {
    tokenHash: hashRefreshToken(refreshToken),
    nextTokenHash: hashRefreshToken(next),
    nextExpiresAt: refreshExpiry(now),
    now,
  });
  if (rotation.outcome === 'revoke') await revokeFamily(ctx.db, rotation.family, now);
  if (rotation.outcome !== 'rotated') throw tokenNotValid();
  return { access: await accessTokenFor(ctx, rotation.user), refresh: next };
}

/** POST /api/auth/logout/: revokes the given session's family, or every session of the user. */
export async function logout(ctx: AuthContext, userId: number, refreshToken: string | undefined): Promise<void> {
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    if (refreshToken === undefined || refreshToken === '') {
      await revokeAllSessionsOfUser(tx, userId, now);
      return;
    }
    const session = await findRefreshSessionForUpdate(tx, hashRefreshToken(refreshToken));
    // Someone else's token is ignored (and not revealed): logout stays idempotent.
    if (session && session.userId === userId) await revokeFamily(tx, session.family, now);
  });
}
