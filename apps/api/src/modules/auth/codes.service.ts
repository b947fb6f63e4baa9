import { AUTH_MESSAGES } from '@alumlink/contract';
import type { AppContext, UnitOfWork } from '../../app-context';
import type { UserRow } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { codeEmail } from './code-emails';
import { checkCode, issueCode, type CodeCheck, type CodePurpose } from './one-time-codes';

type CodeRecipient = Pick<UserRow, 'id' | 'email' | 'firstName'>;

/**
 * Issues a code (unless the one-minute cooldown skips it) and enqueues the e-mail carrying it,
 * both in the unit of work (sent once it committed). Returns whether a code was issued.
 */
export async function enqueueCodeEmail(
  work: UnitOfWork,
  user: CodeRecipient,
  purpose: CodePurpose,
  now: Date = new Date(),
  /** email-change: the new address (the e-mail goes to `user.email`, which the caller sets to it). */
  target: string | null = null,
): Promise<boolean> {
  const { ctx, tx } = work;
  const code = await issueCode(tx, ctx.config.jwtSecret, { userId: user.id, purpose }, now, target);
  if (!code) return false;
  await work.sendMail(codeEmail(ctx.config, { email: user.email, firstName: user.firstName }, purpose, code));
  return true;
}

/** Checks (and on success consumes) a one-time code in a transaction of its own. */
export async function verifyOneTimeCode(ctx: AppContext, userId: number, purpose: CodePurpose, code: string): Promise<CodeCheck> {
  return ctx.db.transaction((tx) => checkCode(tx, ctx.config.jwtSecret, { userId, purpose }, code));
}

/** The 400 answer for a code that did not pass: `{detail, code}`. */
export function codeError(result: Exclude<CodeCheck, 'ok'>): AppError {
  switch (result) {
    case 'invalid':
      return new AppError(400, 'invalid_otp', AUTH_MESSAGES.otpInvalid);
    case 'expired':
      return new AppError(400, 'otp_expired', AUTH_MESSAGES.otpExpired);
    case 'too_many_attempts':
      return new AppError(400, 'otp_attempts_exceeded', AUTH_MESSAGES.otpTooManyAttempts);
  }
}

/** For account changes that carry a target address in their code (the e-mail change). */
export { checkCodeWithTarget } from './one-time-codes';
