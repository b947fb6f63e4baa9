import type { InvitationStatus } from '@alumlink/contract';
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cohorts, invitations, type InvitationRow } from '../../db/schema/index';
import type { CursorPosition } from '../../lib/pagination';

export type NewInvitation = typeof invitations.$inferInsert;
export type InvitationWithCohort = InvitationRow & { cohortName: string | null };

export async function insertInvitation(db: Executor, values: NewInvitation): Promise<InvitationRow> {
  const [row] = await db.insert(invitations).values(values).returning();
  if (!row) throw new Error('insertInvitation: no row returned');
  return row;
}

export async function updateInvitation(db: Executor, id: number, values: Partial<NewInvitation>): Promise<InvitationRow> {
  const [row] = await db.update(invitations).set(values).where(eq(invitations.id, id)).returning();
  if (!row) throw new Error('updateInvitation: no row returned');
  return row;
}

export async function lockInvitation(db: Executor, id: number): Promise<InvitationRow | null> {
  const [row] = await db.select().from(invitations).where(eq(invitations.id, id)).for('update');
  return row ?? null;
}

/** The invitation of a link's token hash, locked when `lock` (accepting takes it once). */
export async function findInvitationByTokenHash(db: Executor, tokenHash: string, lock = false): Promise<InvitationRow | null> {
  const query = db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Whether `email` has an invitation still open (neither accepted nor revoked) and not expired at `now`. */
export async function hasPendingInvitation(db: Executor, email: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(sql`lower(${invitations.email}) = ${email.toLowerCase()}`, statusCondition('pending', now)))
    .limit(1);
  return row !== undefined;
}

/** The condition of a status: it follows from the accepted, revoked and expiry columns. */
export function statusCondition(status: InvitationStatus, now: Date): SQL | undefined {
  const open = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));
  switch (status) {
    case 'accepted':
      return isNotNull(invitations.acceptedAt);
    case 'revoked':
      return and(isNull(invitations.acceptedAt), isNotNull(invitations.revokedAt));
    case 'expired':
      return and(open, sql`${invitations.expiresAt} <= ${now.toISOString()}::timestamptz`);
    case 'pending':
      return and(open, sql`${invitations.expiresAt} > ${now.toISOString()}::timestamptz`);
  }
}

export type InvitationSearch = { status?: InvitationStatus | undefined; before?: CursorPosition | undefined; take: number; now: Date };

/** Newest first, keyset on (created_at, id) (invitations_created_idx), optionally of one status. */
export function findInvitations(db: Executor, search: InvitationSearch): Promise<InvitationWithCohort[]> {
  return invitationsQuery(db, search).execute();
}

/** The query of findInvitations, unexecuted (tests EXPLAIN it). */
export function invitationsQuery(db: Executor, search: InvitationSearch) {
  const conditions: (SQL | undefined)[] = [];
  if (search.status) conditions.push(statusCondition(search.status, search.now));
  if (search.before) {
    const { at, id } = search.before;
    conditions.push(sql`(${invitations.createdAt}, ${invitations.id}) < (${at.toISOString()}::timestamptz, ${id})`);
  }
  return db
    .select({ ...invitationColumns, cohortName: cohorts.name })
    .from(invitations)
    .leftJoin(cohorts, eq(cohorts.id, invitations.cohortId))
    .where(and(...conditions))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(search.take);
}

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  firstName: invitations.firstName,
  lastName: invitations.lastName,
  role: invitations.role,
  cohortId: invitations.cohortId,
  tokenHash: invitations.tokenHash,
  invitedById: invitations.invitedById,
  invitedByLabel: invitations.invitedByLabel,
  sentCount: invitations.sentCount,
  expiresAt: invitations.expiresAt,
  acceptedAt: invitations.acceptedAt,
  acceptedUserId: invitations.acceptedUserId,
  revokedAt: invitations.revokedAt,
  createdAt: invitations.createdAt,
};

export async function findCohortName(db: Executor, cohortId: number | null): Promise<string | null> {
  if (cohortId === null) return null;
  const [row] = await db.select({ name: cohorts.name }).from(cohorts).where(eq(cohorts.id, cohortId));
  return row?.name ?? null;
}
