import { AUTH_MESSAGES, type User } from '@alumlink/contract';
import type { registerRequestSchema, resetPasswordRequestSchema, verifyOtpRequestSchema } from '@alumlink/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { isUniqueViolation, validation } from '../../lib/errors';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { checkResetCode } from './one-time-codes';
import { hashPassword } from '../../lib/passwords';
import { presentUser } from '../users/users.presenter';
import { findUserByEmail, insertUser, uniqueUsername, updateUser } from '../users/users.service';
import { assertSignUpAllowed } from '../onboarding/sign-up-policy.service';
import { codeError, enqueueCodeEmail } from './codes.service';
import { accessTokenFor, announceSessionsEnded, createRefreshSession } from './sessions.service';
import { revokeAllSessionsOfUser } from './auth.repository';
import { attemptDataOf, checkAttemptCode, resendAttemptCode, startAttempt, type AttemptData } from './registration-attempts.service';

type RegisterInput = z.output<typeof registerRequestSchema>;
type VerifyInput = z.output<typeof verifyOtpRequestSchema>;
type ResetInput = z.output<typeof resetPasswordRequestSchema>;

const emailTaken = () => validation({ email: [AUTH_MESSAGES.emailTaken] });

/**
 * Keeps a sign-up attempt (password hash, names, phone, role TR) on its own and e-mails it its
 * own code; no account exists until a code is entered. Registering again with a pending e-mail
 * adds another attempt and changes nothing of the earlier ones, so a request without the
 * mailbox cannot change what a pending registration becomes. The answer is the same either way.
 */
export async function register(ctx: AppContext, input: RegisterInput): Promise<{ detail: string; email: string }> {
  // The organisation's sign-up policy first (open, invite only, listed domains).
  await assertSignUpAllowed(ctx.db, input.email);
  // Hashed before the transaction: never hold a transaction open across slow work.
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  await ctx.transaction(async (work) => {
    const existing = await findUserByEmail(work.tx, input.email, true);
    if (existing && (existing.emailVerifiedAt || !existing.isActive)) throw emailTaken();
    await startAttempt(
      work,
      {
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        countryCode: input.country_code,
        phoneNumber: input.phone_number,
        role: 'TR',
      },
      now,
    );
  });
  return { detail: AUTH_MESSAGES.otpSentDetail, email: input.email };
}

/** The account of a verified attempt: a new one, or the legacy unverified one filled with the attempt's data. */
async function accountFrom(tx: Executor, existing: UserRow | null, attempt: AttemptData, now: Date): Promise<UserRow> {
  const data = {
    passwordHash: attempt.passwordHash,
    firstName: attempt.firstName,
    lastName: attempt.lastName,
    countryCode: attempt.countryCode,
    phoneNumber: attempt.phoneNumber,
    role: attempt.role,
    emailVerifiedAt: now,
  };
  if (existing) return updateUser(tx, existing.id, data);
  return insertUser(tx, { email: attempt.email, username: await uniqueUsername(tx, attempt.firstName, attempt.lastName), ...data });
}

/**
 * Checks the code against the e-mail's pending attempts; the attempt it was sent for (and only
 * that one) becomes the account, which is signed in.
 */
export async function verifyEmail(
  ctx: AppContext,
  input: VerifyInput,
): Promise<{ detail: string; user: User; tokens: { access: string; refresh: string } }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const now = new Date();
      const outcome = await ctx.db.transaction(async (tx) => {
        const existing = await findUserByEmail(tx, input.email, true);
        // An unknown or already verified e-mail answers exactly like a wrong code.
        if (existing && (existing.emailVerifiedAt || !existing.isActive)) return { result: 'invalid' as const };
        const check = await checkAttemptCode(ctx, tx, input.email, input.otp, now);
        if (check.result !== 'ok') return { result: check.result };
        const user = await accountFrom(tx, existing, check.attempt, now);
        const session = await createRefreshSession(tx, user.id, now);
        return { result: check.result, user, session };
      });
      // Thrown after the transaction so a wrong guess's spent try is committed.
      if (outcome.result !== 'ok') throw codeError(outcome.result);
      return {
        detail: AUTH_MESSAGES.emailVerified,
        user: presentUser(outcome.user),
        tokens: { access: await accessTokenFor(ctx, outcome.user, outcome.session.family), refresh: outcome.session.token },
      };
    } catch (error) {
      // A parallel sign-up took the username first: look again once.
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}

/**
 * Re-sends a verification code (resend) or a password reset code (forgot). The answer is the
 * same whether or not the e-mail exists; the cooldown silently skips sending.
 */
export async function sendCodeIfAccountExists(ctx: AppContext, email: string, purpose: 'verify' | 'reset'): Promise<{ detail: string }> {
  const now = new Date();
  await ctx.transaction(async (work) => {
    const user = await findUserByEmail(work.tx, email);
    if (purpose === 'verify') {
      if (user && (user.emailVerifiedAt || !user.isActive)) return false;
      return resendAttemptCode(work, email, user ? attemptDataOf(user) : null, now);
    }
    if (!user || !user.isActive) return false;
    return enqueueCodeEmail(work, user, purpose, now);
  });
  return { detail: AUTH_MESSAGES.codeSentIfExists };
}

/**
 * Sets a new password with a reset code and signs the account out everywhere. `address` is the
 * client's rate-limit key: wrong codes count per address (checkResetCode), so nobody else can
 * spend the owner's tries.
 */
export async function resetPassword(ctx: AppContext, input: ResetInput, address: string): Promise<{ detail: string }> {
  // Hashed first for every request, so known and unknown e-mails take the same time.
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, input.email, true);
    if (!user || !user.isActive) return { result: 'invalid' as const };
    const result = await checkResetCode(tx, ctx.config.jwtSecret, user.id, input.otp, address, now);
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
