import { and, eq, gt, lt, or, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { signInAddresses, signInThrottles } from '../../db/schema/index';

export type ThrottleRow = typeof signInThrottles.$inferSelect;

export async function findThrottle(db: Executor, accountKey: string): Promise<ThrottleRow | null> {
  const [row] = await db.select().from(signInThrottles).where(eq(signInThrottles.accountKey, accountKey)).limit(1);
  return row ?? null;
}

/**
 * Counts one failure (starting over when the last one is older than `forgetBefore`) and returns
 * the new count. Atomic, so parallel failures each count.
 */
export async function incrementFailures(db: Executor, accountKey: string, now: Date, forgetBefore: Date): Promise<number> {
  const [row] = await db
    .insert(signInThrottles)
    .values({ accountKey, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: signInThrottles.accountKey,
      set: {
        failures: sql`case when ${signInThrottles.lastFailureAt} < ${forgetBefore} then 1 else ${signInThrottles.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: signInThrottles.failures });
  return row?.failures ?? 1;
}

/** Throttles the account until `until` (never shortens a longer throttle set in parallel). */
export async function blockUntil(db: Executor, accountKey: string, until: Date): Promise<void> {
  await db
    .update(signInThrottles)
    .set({ blockedUntil: sql`greatest(coalesce(${signInThrottles.blockedUntil}, ${until}), ${until})` })
    .where(eq(signInThrottles.accountKey, accountKey));
}

/** Rows whose last failure is forgotten anyway (keeps the table to the last day's failures). */
export async function deleteStaleThrottles(db: Executor, forgetBefore: Date): Promise<void> {
  await db.delete(signInThrottles).where(lt(signInThrottles.lastFailureAt, forgetBefore));
}

/** Forgets the account's failures unless they reached `throttledFrom` (then only time forgets them). */
export async function deleteThrottleBelow(db: Executor, accountKey: string, throttledFrom: number): Promise<void> {
  await db.delete(signInThrottles).where(and(eq(signInThrottles.accountKey, accountKey), lt(signInThrottles.failures, throttledFrom)));
}

/**
 * Takes the right to e-mail an unlock code (true at most once per window, across instances):
 * only when none was mailed since `mailedBefore`.
 */
export async function claimUnlockMail(db: Executor, accountKey: string, now: Date, mailedBefore: Date): Promise<boolean> {
  const rows = await db
    .update(signInThrottles)
    .set({ unlockMailedAt: now })
    .where(
      and(
        eq(signInThrottles.accountKey, accountKey),
        or(isNull(signInThrottles.unlockMailedAt), lt(signInThrottles.unlockMailedAt, mailedBefore)),
      ),
    )
    .returning({ accountKey: signInThrottles.accountKey });
  return rows.length > 0;
}

/** Whether the person signed in from this address since `since` (a user id of 0 matches nobody). */
export async function isKnownAddress(db: Executor, userId: number, addressKey: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ userId: signInAddresses.userId })
    .from(signInAddresses)
    .where(and(eq(signInAddresses.userId, userId), eq(signInAddresses.addressKey, addressKey), gt(signInAddresses.lastSignInAt, since)))
    .limit(1);
  return row !== undefined;
}

/** Remembers a successful sign-in's address and forgets the person's addresses unused since `forgetBefore`. */
export async function rememberAddress(db: Executor, userId: number, addressKey: string, now: Date, forgetBefore: Date): Promise<void> {
  await db
    .insert(signInAddresses)
    .values({ userId, addressKey, lastSignInAt: now })
    .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.addressKey], set: { lastSignInAt: now } });
  await db.delete(signInAddresses).where(and(eq(signInAddresses.userId, userId), lt(signInAddresses.lastSignInAt, forgetBefore)));
}
