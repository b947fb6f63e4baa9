import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@alumlink/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { codeAddressTries, oneTimeCodes, type OneTimeCodeRow } from '../../db/schema/index';

/**
 * What a code is for: e-mail verification (legacy codes of an account; sign-ups use their own
 * per-attempt codes, modules/auth/registration.service.ts), password reset, two-factor sign-in,
 * an e-mail change (then the code carries its target address), or unlocking a throttled sign-in.
 */
export type CodePurpose = 'verify' | 'reset' | 'sign-in' | 'email-change' | 'unlock';

/** Result of checking a code; only 'ok' consumes it. */
export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'too_many_attempts';

type CodeOwner = { userId: number; purpose: CodePurpose };

/** A code check that passed, with the target address the code was issued for (email-change). */
export type PassedCodeCheck = { result: 'ok'; target: string | null };

/**
 * Wrong tries on password reset codes (docs/security.md, "Password reset"): counted per client
 * address (its rate-limit key, an IPv6 client by its /64), so nobody spends the owner's tries
 * from elsewhere; capped per code and per account a day over all its reset codes, so many
 * addresses or new codes give no feasible guessing (1 in 10^6 per try).
 */
export const RESET_CODE_TRIES = { perAddress: 5, perCode: 50, perAccountPerDay: 200 } as const;

/** A fresh 6-digit code from the CSPRNG (leading zeros kept). */
export function generateCode(): string {
  return String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
}

/** HMAC-SHA256 of the code, bound to its owner and purpose, so a stored hash is useless elsewhere. */
export function hashCode(secret: string, owner: CodeOwner, code: string): string {
  return createHmac('sha256', secret).update(`otp:${owner.userId}:${owner.purpose}:${code}`).digest('hex');
}

/** HMAC-SHA256 of a code bound to any other owner, e.g. `registration:<attempt id>`. */
export function hashScopedCode(secret: string, scope: string, code: string): string {
  return createHmac('sha256', secret).update(`otp:${scope}:${code}`).digest('hex');
}

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Issues a new code unless one of the same purpose was issued less than a minute ago (then
 * null: the caller silently sends nothing). A new code invalidates the older unused ones.
 * Call inside the transaction that enqueues the e-mail carrying it.
 */
export async function issueCode(
  tx: Executor,
  secret: string,
  owner: CodeOwner,
  now: Date = new Date(),
  /** email-change: the new address; a code for another target is not held back by the cooldown. */
  target: string | null = null,
): Promise<string | null> {
  const cooldownStart = new Date(now.getTime() - LIMITS.otpResendCooldownSeconds * 1000);
  const [recent] = await tx
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, owner.userId),
        eq(oneTimeCodes.purpose, owner.purpose),
        gt(oneTimeCodes.createdAt, cooldownStart),
        sql`${oneTimeCodes.target} is not distinct from ${target}`,
      ),
    )
    .limit(1);
  if (recent) return null;

  await tx
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.userId, owner.userId), eq(oneTimeCodes.purpose, owner.purpose), isNull(oneTimeCodes.consumedAt)));
  const code = generateCode();
  await tx.insert(oneTimeCodes).values({
    userId: owner.userId,
    purpose: owner.purpose,
    codeHash: hashCode(secret, owner, code),
    target,
    expiresAt: new Date(now.getTime() + LIMITS.otpTtlMinutes * 60 * 1000),
    createdAt: now,
  });
  return code;
}

/**
 * Checks `code` against the owner's newest unused code of that purpose (row-locked, so two
 * parallel guesses cannot both spend the same attempt). A wrong guess spends an attempt; after
 * LIMITS.otpMaxAttempts wrong guesses the code is dead. Success consumes it. Run in a transaction.
 */
export async function checkCode(tx: Executor, secret: string, owner: CodeOwner, code: string, now: Date = new Date()): Promise<CodeCheck> {
  const check = await checkCodeWithTarget(tx, secret, owner, code, now);
  return typeof check === 'string' ? check : check.result;
}

/** checkCode, answering the target address of a code that passed (email-change). */
export async function checkCodeWithTarget(
  tx: Executor,
  secret: string,
  owner: CodeOwner,
  code: string,
  now: Date = new Date(),
): Promise<Exclude<CodeCheck, 'ok'> | PassedCodeCheck> {
  const [current] = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, owner.userId), eq(oneTimeCodes.purpose, owner.purpose), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1)
    .for('update');
  if (!current) return 'invalid';
  return spendOrConsume(tx, secret, owner, current, code, now);
}

/**
 * checkCode against one issued code (by id, e.g. the one a two-factor challenge is bound to)
 * instead of the owner's newest: 'gone' when it is consumed, replaced by a newer one, or not the
 * owner's; then nothing is spent. Run in a transaction.
 */
export async function checkIssuedCode(
  tx: Executor,
  secret: string,
  owner: CodeOwner,
  codeId: number,
  code: string,
  now: Date = new Date(),
): Promise<CodeCheck | 'gone'> {
  const [issued] = await tx
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.id, codeId),
        eq(oneTimeCodes.userId, owner.userId),
        eq(oneTimeCodes.purpose, owner.purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .limit(1)
    .for('update');
  if (!issued) return 'gone';
  const check = await spendOrConsume(tx, secret, owner, issued, code, now);
  return typeof check === 'string' ? check : check.result;
}

/**
 * checkCode for a password reset code tried from a client address (its rate-limit key): the
 * address may make RESET_CODE_TRIES.perAddress wrong tries on the code, so wrong tries from other
 * addresses never spend the owner's; the code dies after RESET_CODE_TRIES.perCode wrong tries
 * from all addresses, and the account's reset codes of the last day take
 * RESET_CODE_TRIES.perAccountPerDay together (a new code gives no fresh guesses). Checks the
 * owner's newest unused reset code, row-locked. Run in a transaction.
 */
export async function checkResetCode(
  tx: Executor,
  secret: string,
  userId: number,
  code: string,
  address: string,
  now: Date = new Date(),
): Promise<CodeCheck> {
  const owner: CodeOwner = { userId, purpose: 'reset' };
  const [current] = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, 'reset'), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1)
    .for('update');
  if (!current) return 'invalid';
  const addressKey = createHmac('sha256', secret).update(`code-address:${address}`).digest('hex');
  const [tries] = await tx
    .select({ wrongTries: codeAddressTries.wrongTries })
    .from(codeAddressTries)
    .where(and(eq(codeAddressTries.codeId, current.id), eq(codeAddressTries.addressKey, addressKey)))
    .limit(1);
  if ((tries?.wrongTries ?? 0) >= RESET_CODE_TRIES.perAddress) return 'too_many_attempts';
  const dayStart = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const [day] = await tx
    .select({ wrongTries: sql<number>`coalesce(sum(${oneTimeCodes.attempts}), 0)::int` })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, 'reset'), gt(oneTimeCodes.createdAt, dayStart)));
  if ((day?.wrongTries ?? 0) >= RESET_CODE_TRIES.perAccountPerDay) return 'too_many_attempts';
  const check = await spendOrConsume(tx, secret, owner, current, code, now, {
    maxAttempts: RESET_CODE_TRIES.perCode,
    // A wrong guess also counts against the address it came from.
    onWrongGuess: async () => {
      await tx
        .insert(codeAddressTries)
        .values({ codeId: current.id, addressKey, wrongTries: 1 })
        .onConflictDoUpdate({
          target: [codeAddressTries.codeId, codeAddressTries.addressKey],
          set: { wrongTries: sql`${codeAddressTries.wrongTries} + 1` },
        });
    },
  });
  return typeof check === 'string' ? check : check.result;
}

/** The check of a row-locked, unconsumed code: a wrong guess spends an attempt, success consumes it. */
async function spendOrConsume(
  tx: Executor,
  secret: string,
  owner: CodeOwner,
  current: OneTimeCodeRow,
  code: string,
  now: Date,
  { maxAttempts = LIMITS.otpMaxAttempts, onWrongGuess }: { maxAttempts?: number; onWrongGuess?: () => Promise<void> } = {},
): Promise<Exclude<CodeCheck, 'ok'> | PassedCodeCheck> {
  if (current.attempts >= maxAttempts) return 'too_many_attempts';
  if (current.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (!sameHash(current.codeHash, hashCode(secret, owner, code))) {
    await tx
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(eq(oneTimeCodes.id, current.id));
    await onWrongGuess?.();
    return 'invalid';
  }
  await tx.update(oneTimeCodes).set({ consumedAt: now }).where(eq(oneTimeCodes.id, current.id));
  return { result: 'ok', target: current.target };
}
