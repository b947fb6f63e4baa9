import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, type AuditLogRow } from '../../db/schema/index';
import type { CursorPosition } from '../../lib/pagination';

export type NewAuditEntry = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: Executor, values: NewAuditEntry): Promise<AuditLogRow> {
  const [row] = await db.insert(auditLog).values(values).returning();
  if (!row) throw new Error('insertAuditEntry: no row returned');
  return row;
}

export async function insertAuditEntries(db: Executor, values: NewAuditEntry[]): Promise<void> {
  if (values.length > 0) await db.insert(auditLog).values(values);
}

export type AuditLogSearch = { action?: string; before?: CursorPosition; take: number };

/**
 * Entries newest first, keyset on (created_at, id): served by audit_log_created_idx, or
 * audit_log_action_created_idx with an action.
 */
export function findAuditEntries(db: Executor, search: AuditLogSearch): Promise<AuditLogRow[]> {
  return auditEntriesQuery(db, search).execute();
}

/** The query of findAuditEntries, unexecuted (tests EXPLAIN it). */
export function auditEntriesQuery(db: Executor, search: AuditLogSearch) {
  const conditions: SQL[] = [];
  if (search.action !== undefined) conditions.push(eq(auditLog.action, search.action));
  if (search.before) {
    const { at, id } = search.before;
    conditions.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${at.toISOString()}::timestamptz, ${id})`);
  }
  return db
    .select()
    .from(auditLog)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(search.take);
}
