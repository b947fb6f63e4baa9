import { randomUUID } from 'node:crypto';
import { LIMITS, type Role } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { hashRefreshToken, newRefreshToken, signAccessToken } from '../../lib/tokens';
import { insertRefreshSession, insertSessionFamily, revokeAllSessionsOfUser } from './auth.repository';

// Issuing and ending sign-ins, shared by password sign-in, two-factor, registration and account
// changes (kept apart from sessions.service so those can use it without an import cycle).

/** When a family (sign-in) started at `now` ends at the latest; rotations keep this date. */
const familyExpiry = (now: Date) => new Date(now.getTime() + LIMITS.refreshTokenDays * 24 * 60 * 60 * 1000);

/**
 * Starts a sign-in: a new session family and its first refresh token. Returns the opaque token
 * and the family id (the access tokens' `sid`).
 */
export async function createRefreshSession(
  tx: Executor,
  userId: number,
  now: Date,
): Promise<{ id: number; token: string; family: string }> {
  const family = randomUUID();
  await insertSessionFamily(tx, { id: family, userId, startedAt: now });
  const token = newRefreshToken();
  const row = await insertRefreshSession(tx, {
    userId,
    tokenHash: hashRefreshToken(token),
    family,
    expiresAt: familyExpiry(now),
    createdAt: now,
  });
  return { id: row.id, token, family };
}

/** An access token of `user` for the sign-in `session` (a session family id). */
export async function accessTokenFor(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'role' | 'isStaff' | 'email'>,
  session: string,
): Promise<string> {
  return signAccessToken(ctx.config.jwtSecret, { id: user.id, role: user.role as Role, isStaff: user.isStaff, email: user.email, session });
}

/**
 * Closes the sockets of a person's ended sign-ins (all of them without `family`) on every
 * instance. Call after the transaction that ended them (revokeFamily, revokeAllSessionsOfUser) committed.
 */
export function announceSessionsEnded(ctx: AppContext, userId: number, family: string | null = null): void {
  ctx.events.emit('sessions.ended', { userId, family });
}

/** Ends every sign-in of a person (inside the caller's transaction); announce it after the commit. */
export async function endAllSessionsOf(tx: Executor, userId: number, now: Date): Promise<void> {
  await revokeAllSessionsOfUser(tx, userId, now);
}
