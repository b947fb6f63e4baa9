import { and, asc, desc, eq, gt, gte, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dataExportTickets, dataExports, users, type DataExportRow } from '../../db/schema/index';

/** The person's latest export (data_exports_user_requested_idx). */
export async function findLatestExport(db: Executor, userId: number): Promise<DataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt), desc(dataExports.id))
    .limit(1);
  return row ?? null;
}

/** The latest export asked for since `since` that did not fail (the once-a-day rule). */
export async function findRecentExport(db: Executor, userId: number, since: Date): Promise<DataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), gte(dataExports.requestedAt, since), ne(dataExports.status, 'failed')))
    .orderBy(desc(dataExports.requestedAt), desc(dataExports.id))
    .limit(1);
  return row ?? null;
}

export async function findExport(db: Executor, id: number): Promise<DataExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row ?? null;
}

/** Locks the person's row so two requests at once cannot both pass the once-a-day check. */
export async function lockPerson(db: Executor, userId: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

export async function insertExport(db: Executor, userId: number, now: Date): Promise<DataExportRow> {
  const [row] = await db.insert(dataExports).values({ userId, requestedAt: now }).returning();
  if (!row) throw new Error('insertExport: no row returned');
  return row;
}

/**
 * Claims the oldest pending export nobody holds (never claimed, or its builder's lease is over:
 * a restart or a crash) until `leaseUntil`, and counts the attempt. SKIP LOCKED: two instances
 * never claim the same row. Served by data_exports_pending_idx.
 */
export async function claimPendingExport(db: Executor, now: Date, leaseUntil: Date): Promise<DataExportRow | null> {
  const [row] = await db
    .update(dataExports)
    .set({ claimedUntil: leaseUntil, attempts: sql`${dataExports.attempts} + 1` })
    .where(
      eq(
        dataExports.id,
        sql`(select id from data_exports where status = 'pending' and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
             order by requested_at, id limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Marks the claimed build `ready`; null when the row is gone (the person was deleted) or was claimed again. */
export async function markExportReady(
  db: Executor,
  claimed: DataExportRow,
  values: { fileKey: string; sizeBytes: number; readyAt: Date; expiresAt: Date },
): Promise<DataExportRow | null> {
  const [row] = await db
    .update(dataExports)
    .set({ ...values, status: 'ready', claimedUntil: null })
    .where(and(eq(dataExports.id, claimed.id), eq(dataExports.status, 'pending'), eq(dataExports.attempts, claimed.attempts)))
    .returning();
  return row ?? null;
}

/** After a failed build: back in the queue at once, or `failed` (kept until `expiresAt`) after the last attempt. */
export async function releaseFailedBuild(
  db: Executor,
  claimed: DataExportRow,
  outcome: { failed: true; expiresAt: Date } | { failed: false },
): Promise<void> {
  await db
    .update(dataExports)
    .set(outcome.failed ? { status: 'failed', claimedUntil: null, expiresAt: outcome.expiresAt } : { claimedUntil: null })
    .where(and(eq(dataExports.id, claimed.id), eq(dataExports.status, 'pending'), eq(dataExports.attempts, claimed.attempts)));
}

/** Up to `limit` exports whose time is over (data_exports_expires_idx). */
export async function findExpiredExports(db: Executor, now: Date, limit: number): Promise<DataExportRow[]> {
  return db.select().from(dataExports).where(lt(dataExports.expiresAt, now)).orderBy(asc(dataExports.expiresAt)).limit(limit);
}

export async function deleteExport(db: Executor, id: number): Promise<void> {
  await db.delete(dataExports).where(eq(dataExports.id, id));
}

/** The file keys of a person's exports (their deletion removes the files once it committed). */
export async function exportFileKeysOf(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), isNotNull(dataExports.fileKey)));
  return rows.map((row) => row.fileKey).filter((key): key is string => key !== null);
}

export async function insertTicket(db: Executor, values: { tokenHash: string; exportId: number; expiresAt: Date }): Promise<void> {
  await db.insert(dataExportTickets).values(values);
}

/** Deletes the ticket with this hash if it is still valid, answering its export's id (primary key: one winner). */
export async function takeTicket(db: Executor, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .delete(dataExportTickets)
    .where(and(eq(dataExportTickets.tokenHash, tokenHash), gt(dataExportTickets.expiresAt, now)))
    .returning({ exportId: dataExportTickets.exportId });
  return row?.exportId ?? null;
}

/** Deletes tickets nobody used in time (data_export_tickets_expires_idx). */
export async function deleteExpiredTickets(db: Executor, now: Date): Promise<void> {
  await db.delete(dataExportTickets).where(lt(dataExportTickets.expiresAt, now));
}
