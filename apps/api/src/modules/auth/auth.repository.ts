import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refreshSessions, sessionFamilies, type RefreshSessionRow } from '../../db/schema/index';

/** Records a sign-in: the family its refresh tokens and access tokens belong to. */
export async function insertSessionFamily(db: Executor, values: { id: string; userId: number; startedAt: Date }): Promise<void> {
  await db.insert(sessionFamilies).values(values);
}

export async function insertRefreshSession(
  db: Executor,
  values: { userId: number; tokenHash: string; family: string; expiresAt: Date; createdAt: Date },
): Promise<RefreshSessionRow> {
  const [row] = await db.insert(refreshSessions).values(values).returning();
  if (!row) throw new Error('insertRefreshSession: no row returned');
  return row;
}

/** The session of a token hash, row-locked so two parallel refreshes cannot both rotate it. */
export async function findRefreshSessionForUpdate(db: Executor, tokenHash: string): Promise<RefreshSessionRow | null> {
  const [row] = await db.select().from(refreshSessions).where(eq(refreshSessions.tokenHash, tokenHash)).limit(1).for('update');
  return row ?? null;
}

/** Ends a sign-in: its refresh tokens are revoked and its access tokens refused from now on. */
export async function revokeFamily(db: Executor, family: string, now: Date): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ endedAt: now })
    .where(and(eq(sessionFamilies.id, family), isNull(sessionFamilies.endedAt)));
  await db
    .update(refreshSessions)
    .set({ revokedAt: now })
    .where(and(eq(refreshSessions.family, family), isNull(refreshSessions.revokedAt)));
}

/** Ends every sign-in of a person (see revokeFamily). */
export async function revokeAllSessionsOfUser(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ endedAt: now })
    .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.endedAt)));
  await db
    .update(refreshSessions)
    .set({ revokedAt: now })
    .where(and(eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt)));
}
