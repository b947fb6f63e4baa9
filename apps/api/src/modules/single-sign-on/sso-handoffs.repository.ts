import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ssoHandoffs } from '../../db/schema/index';

/** How long the browser has to exchange the callback's one-time code (it does so at once). */
export const HANDOFF_TTL_SECONDS = 60;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** A new one-time code for `userId` (32 random bytes, base64url); only its SHA-256 is stored. */
export async function issueHandoff(db: Executor, userId: number, now: Date): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db.insert(ssoHandoffs).values({
    userId,
    codeHash: hashOf(code),
    expiresAt: new Date(now.getTime() + HANDOFF_TTL_SECONDS * 1000),
    createdAt: now,
  });
  return code;
}

/**
 * Spends a one-time code: the person it was issued to, once, before it expires; null for an
 * unknown, used or expired code. One UPDATE, so two parallel exchanges cannot both win.
 */
export async function consumeHandoff(db: Executor, code: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(ssoHandoffs)
    .set({ consumedAt: now })
    .where(and(eq(ssoHandoffs.codeHash, hashOf(code)), isNull(ssoHandoffs.consumedAt), gt(ssoHandoffs.expiresAt, now)))
    .returning({ userId: ssoHandoffs.userId });
  return row?.userId ?? null;
}

/** Deletes expired codes, used or not (each callback does, so the table stays a minute's worth). */
export async function deleteExpiredHandoffs(db: Executor, now: Date): Promise<void> {
  await db.delete(ssoHandoffs).where(lt(ssoHandoffs.expiresAt, now));
}
