import { createHmac } from 'node:crypto';
import { SIGN_IN_THROTTLED_CODE } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { UserRow } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { scaledMax, SIGN_IN_THROTTLE } from '../../lib/rate-limits';
import { enqueueCodeEmail } from './codes.service';
import {
  blockUntil,
  claimUnlockMail,
  deleteStaleThrottles,
  deleteThrottleBelow,
  findThrottle,
  incrementFailures,
  isKnownAddress,
  rememberAddress,
} from './sign-in-throttle.repository';

// Sign-in failures slow an account down instead of locking its owner out (SIGN_IN_THROTTLE,
// docs/security.md): a throttled account's password is checked only from an address that signed
// in to it before, or together with the unlock code e-mailed to the owner.

const DAY_MS = 24 * 60 * 60 * 1000;

/** One sign-in attempt as the throttle sees it. */
export type SignInAttempt = { email: string; address: string; now: Date };

const hmac = (ctx: AppContext, text: string) => createHmac('sha256', ctx.config.jwtSecret).update(text).digest('hex');
const accountKeyOf = (ctx: AppContext, email: string) => hmac(ctx, `sign-in-account:${email.trim().toLowerCase()}`);
const addressKeyOf = (ctx: AppContext, address: string) => hmac(ctx, `sign-in-address:${address}`);
const forgetFailuresBefore = (now: Date) => new Date(now.getTime() - SIGN_IN_THROTTLE.forgetAfterSeconds * 1000);

/** The 429 of a throttled account, with `seconds` as its Retry-After. */
export function signInThrottled(seconds: number): AppError {
  const error = new AppError(
    429,
    SIGN_IN_THROTTLED_CODE,
    `Too many failed sign-ins for this account. Try again in ${seconds} seconds, or enter the unlock code we e-mailed to the account's owner together with the password.`,
  );
  error.retryAfterSeconds = seconds;
  return error;
}

/** The delay after the `failures`-th failure in a row: none below the threshold, then doubling. */
export function throttleSeconds(ctx: AppContext, failures: number): number {
  const over = failures - scaledMax(ctx.config, SIGN_IN_THROTTLE.freeFailures);
  if (over < 0) return 0;
  return Math.min(SIGN_IN_THROTTLE.maxDelaySeconds, SIGN_IN_THROTTLE.firstDelaySeconds * 2 ** Math.min(over, 20));
}

/**
 * Seconds the account is still throttled for this attempt (0: check the password). An address
 * that signed in to the account before is never throttled. A user id of 0 (unknown e-mail) runs
 * the same queries, so the answer takes as long.
 */
export async function throttledFor(ctx: AppContext, attempt: SignInAttempt, userId: number): Promise<number> {
  const throttle = await findThrottle(ctx.db, accountKeyOf(ctx, attempt.email));
  const remainingMs = (throttle?.blockedUntil?.getTime() ?? 0) - attempt.now.getTime();
  if (remainingMs <= 0) return 0;
  const knownSince = new Date(attempt.now.getTime() - SIGN_IN_THROTTLE.knownAddressDays * DAY_MS);
  if (await isKnownAddress(ctx.db, userId, addressKeyOf(ctx, attempt.address), knownSince)) return 0;
  return Math.max(1, Math.ceil(remainingMs / 1000));
}

/**
 * Counts a wrong password (or unknown e-mail, or inactive account); past the threshold the
 * account is throttled and its owner gets an unlock code. Returns the seconds it is throttled for.
 */
export async function recordSignInFailure(ctx: AppContext, attempt: SignInAttempt, user: UserRow | null): Promise<number> {
  const accountKey = accountKeyOf(ctx, attempt.email);
  const forgetBefore = forgetFailuresBefore(attempt.now);
  const failures = await incrementFailures(ctx.db, accountKey, attempt.now, forgetBefore);
  await deleteStaleThrottles(ctx.db, forgetBefore);
  const seconds = throttleSeconds(ctx, failures);
  if (seconds === 0) return 0;
  await blockUntil(ctx.db, accountKey, new Date(attempt.now.getTime() + seconds * 1000));
  await mailUnlockCode(ctx, attempt, user);
  return seconds;
}

/**
 * E-mails the owner of a throttled account an unlock code, at most once per
 * SIGN_IN_THROTTLE.unlockMailSeconds (the code's lifetime), whoever triggers it. Nothing is sent
 * for an unknown e-mail or an inactive account; the answer does not tell.
 */
export async function mailUnlockCode(ctx: AppContext, attempt: SignInAttempt, user: UserRow | null): Promise<void> {
  const accountKey = accountKeyOf(ctx, attempt.email);
  const mailedBefore = new Date(attempt.now.getTime() - SIGN_IN_THROTTLE.unlockMailSeconds * 1000);
  await ctx.transaction(async (work) => {
    if (!(await claimUnlockMail(work.tx, accountKey, attempt.now, mailedBefore))) return false;
    if (!user?.isActive) return false;
    return enqueueCodeEmail(work, user, 'unlock', attempt.now);
  });
}

/**
 * The right password: a few failures (typos) are forgotten. Once the account was throttled, they
 * are kept until SIGN_IN_THROTTLE.forgetAfterSeconds pass without one, so the owner signing in
 * from a known address or with the unlock code does not give a guesser a fresh set of tries.
 */
export async function clearSignInFailures(ctx: AppContext, email: string): Promise<void> {
  await deleteThrottleBelow(ctx.db, accountKeyOf(ctx, email), scaledMax(ctx.config, SIGN_IN_THROTTLE.freeFailures));
}

/** A completed sign-in: its address passes this account's throttle for SIGN_IN_THROTTLE.knownAddressDays. */
export async function rememberSignInAddress(ctx: AppContext, userId: number, address: string, now: Date): Promise<void> {
  const forgetBefore = new Date(now.getTime() - SIGN_IN_THROTTLE.knownAddressDays * DAY_MS);
  await rememberAddress(ctx.db, userId, addressKeyOf(ctx, address), now, forgetBefore);
}
