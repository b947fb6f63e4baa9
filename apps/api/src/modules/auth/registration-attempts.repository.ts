import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { registrationAttempts, type RegistrationAttemptRow } from '../../db/schema/index';

type NewAttempt = typeof registrationAttempts.$inferInsert;

export async function insertAttempt(db: Executor, values: NewAttempt): Promise<RegistrationAttemptRow> {
  const [row] = await db.insert(registrationAttempts).values(values).returning();
  if (!row) throw new Error('insertAttempt: no row returned');
  return row;
}

/** A new code for an attempt: its hash, expiry and send time, with the wrong tries reset. */
export async function setAttemptCode(
  db: Executor,
  id: number,
  code: { codeHash: string; codeExpiresAt: Date; codeSentAt: Date },
): Promise<void> {
  await db
    .update(registrationAttempts)
    .set({ ...code, attempts: 0 })
    .where(eq(registrationAttempts.id, id));
}

/**
 * The unused attempts of an e-mail started after `since`, newest first; row-locked so two
 * parallel code checks cannot both spend the same try or both verify.
 */
export async function liveAttemptsForUpdate(db: Executor, email: string, since: Date): Promise<RegistrationAttemptRow[]> {
  return db
    .select()
    .from(registrationAttempts)
    .where(and(eq(registrationAttempts.email, email), isNull(registrationAttempts.consumedAt), gt(registrationAttempts.createdAt, since)))
    .orderBy(desc(registrationAttempts.createdAt), desc(registrationAttempts.id))
    .for('update');
}

/** The newest unused attempt of an e-mail started after `since` (with exactly this password hash, when given). */
export async function newestLiveAttempt(
  db: Executor,
  email: string,
  since: Date,
  passwordHash?: string,
): Promise<RegistrationAttemptRow | null> {
  const [row] = await db
    .select()
    .from(registrationAttempts)
    .where(
      and(
        eq(registrationAttempts.email, email),
        isNull(registrationAttempts.consumedAt),
        gt(registrationAttempts.createdAt, since),
        passwordHash === undefined ? undefined : eq(registrationAttempts.passwordHash, passwordHash),
      ),
    )
    .orderBy(desc(registrationAttempts.createdAt), desc(registrationAttempts.id))
    .limit(1);
  return row ?? null;
}

/** One wrong try more on each of these attempts. */
export async function spendTries(db: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(registrationAttempts)
    .set({ attempts: sql`${registrationAttempts.attempts} + 1` })
    .where(inArray(registrationAttempts.id, ids));
}

/** Ends every unused attempt of an e-mail (it was verified, or now belongs to an account). */
export async function consumeAttemptsOf(db: Executor, email: string, now: Date): Promise<void> {
  await db
    .update(registrationAttempts)
    .set({ consumedAt: now })
    .where(and(eq(registrationAttempts.email, email), isNull(registrationAttempts.consumedAt)));
}

/** A person leaves: the sign-up attempts made with their e-mail (names, password hashes) go too. */
export async function deleteAttemptsFor(db: Executor, email: string): Promise<void> {
  await db.delete(registrationAttempts).where(eq(registrationAttempts.email, email.toLowerCase()));
}
