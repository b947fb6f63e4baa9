import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refreshSessions, type RefreshSessionRow } from '../../db/schema/index';

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

export async function revokeFamily(db: Executor, family: string, now: Date): Promise<void> {
  await db
    .update(refreshSessions)
    .set({ revokedAt: now })
    .where(and(eq(refreshSessions.family, family), isNull(refreshSessions.revokedAt)));
}

export async function revokeAllSessionsOfUser(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(refreshSessions)
    .set({ revokedAt: now })
    .where(and(eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt)));
}
