import { AUTH_MESSAGES, type User } from '@alumlink/contract';
import type { registerRequestSchema, resetPasswordRequestSchema, verifyOtpRequestSchema } from '@alumlink/contract';
import type { z } from 'zod';
import { isUniqueViolation, validation } from '../../lib/errors';
import { checkCode } from '../../lib/one-time-codes';
import { hashPassword } from '../../lib/passwords';
import { presentUser } from '../users/users.presenter';
import { findUserByEmail, insertUser, uniqueUsername, updateUser } from '../users/users.service';
import type { AuthContext } from './auth.context';
import { codeError, enqueueCodeEmail } from './codes.service';
import { accessTokenFor, announceSessionsEnded, createRefreshSession } from './sessions.service';
import { revokeAllSessionsOfUser } from './auth.repository';

type RegisterInput = z.output<typeof registerRequestSchema>;
type VerifyInput = z.output<typeof verifyOtpRequestSchema>;
type ResetInput = z.output<typeof resetPasswordRequestSchema>;

const emailTaken = () => validation({ email: [AUTH_MESSAGES.emailTaken] });

/**
 * Creates an unverified trainee account and e-mails a verification code. Registering again
 * with an unverified e-mail updates the names, phone and password and re-sends a code; within
 * the one-minute cooldown it answers the same 201 without a new code (the previous one is
 * still valid), which is friendlier than a 429 for someone who pressed the button twice.
 */
export async function register(ctx: AuthContext, input: RegisterInput): Promise<{ detail: string; email: string }> {
  // Hashed before the transaction: never hold a transaction open across slow work.
  const passwordHash = await hashPassword(input.password);
  const profile = {
    firstName: input.first_name,
    lastName: input.last_name,
    countryCode: input.country_code,
    phoneNumber: input.phone_number,
    passwordHash,
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      const issued = await ctx.db.transaction(async (tx) => {
        const existing = await findUserByEmail(tx, input.email, true);
        if (existing && (existing.emailVerifiedAt || !existing.isActive)) throw emailTaken();
        const user = existing
          ? await updateUser(tx, existing.id, profile)
          : await insertUser(tx, { email: input.email, username: await uniqueUsername(tx, input.email), role: 'TR', ...profile });
        return enqueueCodeEmail(ctx, tx, user, 'verify');
      });
      if (issued) ctx.mailer.trigger();
      return { detail: AUTH_MESSAGES.otpSentDetail, email: input.email };
    } catch (error) {
      // A parallel registration took the e-mail or the username first: look again once.
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}

/** Checks the verification code; on success marks the e-mail verified and signs the person in. */
export async function verifyEmail(
  ctx: AuthContext,
  input: VerifyInput,
): Promise<{ detail: string; user: User; tokens: { access: string; refresh: string } }> {
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, input.email, true);
    // An unknown e-mail answers exactly like a wrong code.
    if (!user || !user.isActive) return { result: 'invalid' as const };
    const result = await checkCode(tx, ctx.config.jwtSecret, { userId: user.id, purpose: 'verify' }, input.otp, now);
    if (result !== 'ok') return { result };
    const verified = await updateUser(tx, user.id, { emailVerifiedAt: user.emailVerifiedAt ?? now });
    const session = await createRefreshSession(tx, user.id, now);
    return { result, user: verified, session };
  });
  // Thrown after the transaction so a wrong guess's spent attempt is committed.
  if (outcome.result !== 'ok') throw codeError(outcome.result);
  return {
    detail: AUTH_MESSAGES.emailVerified,
    user: presentUser(outcome.user),
    tokens: { access: await accessTokenFor(ctx, outcome.user, outcome.session.family), refresh: outcome.session.token },
  };
}

/**
 * Re-sends a verification code (resend) or a password reset code (forgot). The answer is the
 * same whether or not the e-mail exists; the cooldown silently skips sending.
 */
export async function sendCodeIfAccountExists(ctx: AuthContext, email: string, purpose: 'verify' | 'reset'): Promise<{ detail: string }> {
  const issued = await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || !user.isActive) return false;
    if (purpose === 'verify' && user.emailVerifiedAt) return false;
    return enqueueCodeEmail(ctx, tx, user, purpose);
  });
  if (issued) ctx.mailer.trigger();
  return { detail: AUTH_MESSAGES.codeSentIfExists };
}

/** Sets a new password with a reset code and signs the account out everywhere. */
export async function resetPassword(ctx: AuthContext, input: ResetInput): Promise<{ detail: string }> {
  // Hashed first for every request, so known and unknown e-mails take the same time.
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, input.email, true);
    if (!user || !user.isActive) return { result: 'invalid' as const };
    const result = await checkCode(tx, ctx.config.jwtSecret, { userId: user.id, purpose: 'reset' }, input.otp, now);
    if (result !== 'ok') return { result };
    // The code proves the person reads this mailbox, so the e-mail counts as verified too.
    await updateUser(tx, user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now });
    await revokeAllSessionsOfUser(tx, user.id, now);
    return { result, userId: user.id };
  });
  if (outcome.result !== 'ok') throw codeError(outcome.result);
  // Their access tokens are refused from the commit on; their open sockets close now.
  announceSessionsEnded(ctx, outcome.userId);
  return { detail: AUTH_MESSAGES.passwordReset };
}
