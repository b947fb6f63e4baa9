import { and, desc, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { oneTimeCodes, twoFactorChallenges } from '../../db/schema/index';

/** The id of the person's newest two-factor sign-in code (issued just now, or kept by the cooldown). */
export async function findNewestSignInCodeId(db: Executor, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, 'sign-in')))
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  return row?.id ?? null;
}

export async function insertTwoFactorChallenge(
  db: Executor,
  values: { tokenHash: string; codeId: number; createdAt: Date },
): Promise<void> {
  await db.insert(twoFactorChallenges).values(values);
}

/** The challenge of a token hash with the person its code belongs to, or null. */
export async function findTwoFactorChallenge(
  db: Executor,
  tokenHash: string,
): Promise<{ id: number; codeId: number; userId: number } | null> {
  const [row] = await db
    .select({ id: twoFactorChallenges.id, codeId: twoFactorChallenges.codeId, userId: oneTimeCodes.userId })
    .from(twoFactorChallenges)
    .innerJoin(oneTimeCodes, eq(oneTimeCodes.id, twoFactorChallenges.codeId))
    .where(eq(twoFactorChallenges.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Forgets the challenges of a code (it was used). */
export async function deleteChallengesOfCode(db: Executor, codeId: number): Promise<void> {
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.codeId, codeId));
}

/** Forgets the person's challenges whose code can no longer be used (consumed, replaced or expired). */
export async function deleteDeadChallengesOfUser(db: Executor, userId: number, now: Date): Promise<void> {
  const deadCodes = db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, 'sign-in'),
        or(isNotNull(oneTimeCodes.consumedAt), lte(oneTimeCodes.expiresAt, now)),
      ),
    );
  await db.delete(twoFactorChallenges).where(inArray(twoFactorChallenges.codeId, deadCodes));
}
