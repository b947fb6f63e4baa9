import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client';
import { refreshSessions, sessionFamilies, type RefreshSessionRow, type SessionFamilyRow } from '../../db/schema/index';
import { hashRefreshToken, newRefreshToken } from '../../lib/tokens';
import { inserted } from './support';

export type CreateSessionFamilyOptions = Partial<typeof sessionFamilies.$inferInsert> & Pick<typeof sessionFamilies.$inferInsert, 'userId'>;

/** Inserts a sign-in (session family) started now, with a random id. */
export async function createSessionFamily(db: Executor, options: CreateSessionFamilyOptions): Promise<SessionFamilyRow> {
  const rows = await db
    .insert(sessionFamilies)
    .values({ id: randomUUID(), ...options })
    .returning();
  return inserted(rows, 'createSessionFamily');
}

export type CreateRefreshSessionOptions = Partial<typeof refreshSessions.$inferInsert> &
  Pick<typeof refreshSessions.$inferInsert, 'userId' | 'family' | 'expiresAt'>;

/** Inserts a refresh token of a family; `token` is the plain token it stores the hash of (default: a new one). */
export async function createRefreshSession(
  db: Executor,
  options: CreateRefreshSessionOptions & { token?: string },
): Promise<RefreshSessionRow & { token: string }> {
  const { token = newRefreshToken(), ...values } = options;
  const rows = await db
    .insert(refreshSessions)
    .values({ tokenHash: hashRefreshToken(token), ...values })
    .returning();
  return { ...inserted(rows, 'createRefreshSession'), token };
}
