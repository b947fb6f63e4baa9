import { LIMITS } from '@alumlink/contract';
import type { AppContext, UnitOfWork } from '../../app-context';
import type { Executor } from '../../db/client';
import type { RegistrationAttemptRow, UserRow } from '../../db/schema/index';
import { codeEmail } from './code-emails';
import { generateCode, hashScopedCode, sameHash, type CodeCheck } from './one-time-codes';
import {
  consumeAttemptsOf,
  insertAttempt,
  liveAttemptsForUpdate,
  newestLiveAttempt,
  setAttemptCode,
  spendTries,
} from './registration-attempts.repository';

/** What an attempt becomes once its code is entered: the account's password, names, phone and role. */
export type AttemptData = Pick<
  RegistrationAttemptRow,
  'email' | 'passwordHash' | 'firstName' | 'lastName' | 'countryCode' | 'phoneNumber' | 'role'
>;

/** The sign-up data of an unverified legacy account (made before attempts were kept apart). */
export function attemptDataOf(user: UserRow): AttemptData {
  return {
    email: user.email.toLowerCase(),
    passwordHash: user.passwordHash,
    firstName: user.firstName,
    lastName: user.lastName,
    countryCode: user.countryCode,
    phoneNumber: user.phoneNumber,
    role: user.role,
  };
}

/** Attempts older than this are ignored (their codes long expired; a resend renews only live ones). */
const ATTEMPT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const CODE_TTL_MS = LIMITS.otpTtlMinutes * 60 * 1000;
const RESEND_COOLDOWN_MS = LIMITS.otpResendCooldownSeconds * 1000;

const liveSince = (now: Date) => new Date(now.getTime() - ATTEMPT_LIFETIME_MS);
const codeHashOf = (ctx: AppContext, attemptId: number, code: string) =>
  hashScopedCode(ctx.config.jwtSecret, `registration:${attemptId}`, code);

/** Gives the attempt a new code and queues the e-mail carrying it (in the unit of work: sent once it committed). */
async function sendAttemptCode(
  work: UnitOfWork,
  attempt: Pick<RegistrationAttemptRow, 'id' | 'email' | 'firstName'>,
  now: Date,
): Promise<void> {
  const { ctx, tx } = work;
  const code = generateCode();
  await setAttemptCode(tx, attempt.id, {
    codeHash: codeHashOf(ctx, attempt.id, code),
    codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
    codeSentAt: now,
  });
  await work.sendMail(codeEmail(ctx.config, { email: attempt.email, firstName: attempt.firstName }, 'verify', code));
}

/**
 * Keeps a sign-up attempt on its own and e-mails it its own code. Other attempts of the same
 * e-mail are left as they are: only the code each one was sent verifies it.
 */
export async function startAttempt(work: UnitOfWork, data: AttemptData, now: Date): Promise<void> {
  const { tx } = work;
  // The code hash is bound to the attempt id, so the row exists before its code.
  const attempt = await insertAttempt(tx, { ...data, codeHash: '', codeExpiresAt: now, codeSentAt: now, createdAt: now });
  await sendAttemptCode(work, attempt, now);
}

/**
 * Re-sends a verification code for an e-mail without a verified account. With a legacy unverified
 * account (made before attempts were kept apart), the code is for an attempt holding that
 * account's own data (a first one is made from it when needed), never for someone else's attempt.
 * Otherwise the newest live attempt gets a new code. At most once a minute per attempt; never
 * changes what an attempt holds. Returns whether an e-mail was enqueued.
 */
export async function resendAttemptCode(work: UnitOfWork, email: string, legacy: AttemptData | null, now: Date): Promise<boolean> {
  const attempt = await newestLiveAttempt(work.tx, email, liveSince(now), legacy?.passwordHash);
  if (attempt) {
    if (attempt.codeSentAt.getTime() > now.getTime() - RESEND_COOLDOWN_MS) return false;
    await sendAttemptCode(work, attempt, now);
    return true;
  }
  if (!legacy) return false;
  await startAttempt(work, legacy, now);
  return true;
}

export type AttemptCheck = { result: Exclude<CodeCheck, 'ok'> } | { result: 'ok'; attempt: RegistrationAttemptRow };

/**
 * Finds the live attempt of `email` whose own code is `code`. A wrong code spends a try on every
 * live attempt of the e-mail (so several pending attempts do not multiply an attacker's guesses);
 * the matching attempt must be under LIMITS.otpMaxAttempts wrong tries and unexpired. On success
 * every attempt of the e-mail is consumed. Run in a transaction; commit even when it fails.
 */
export async function checkAttemptCode(ctx: AppContext, tx: Executor, email: string, code: string, now: Date): Promise<AttemptCheck> {
  const attempts = await liveAttemptsForUpdate(tx, email, liveSince(now));
  // Every attempt is compared (no early exit), in constant time.
  const matches = attempts.filter((attempt) => sameHash(attempt.codeHash, codeHashOf(ctx, attempt.id, code)));
  const match = matches[0];
  if (!match) {
    const open = attempts.filter((attempt) => attempt.attempts < LIMITS.otpMaxAttempts && attempt.codeExpiresAt.getTime() > now.getTime());
    await spendTries(
      tx,
      open.map((attempt) => attempt.id),
    );
    return { result: 'invalid' };
  }
  if (match.attempts >= LIMITS.otpMaxAttempts) return { result: 'too_many_attempts' };
  if (match.codeExpiresAt.getTime() <= now.getTime()) return { result: 'expired' };
  await consumeAttemptsOf(tx, email, now);
  return { result: 'ok', attempt: match };
}

/** Ends the pending attempts of an address that now belongs to an account (e.g. an e-mail change). */
export function endAttemptsOf(tx: Executor, email: string, now: Date): Promise<void> {
  return consumeAttemptsOf(tx, email, now);
}
