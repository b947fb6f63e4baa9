import { displayName, type AuditLogPage, type AuditLogFilter } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { decodeCursor, toPage } from '../../lib/pagination';
import { presentAuditEntry } from './audit-log.presenter';
import { findAuditEntries, insertAuditEntries, insertAuditEntry, type NewAuditEntry } from './audit-log.repository';

type Person = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>;

/** How a person is named in the log: 'Ada Lovelace <ada@example.com>' (kept after they are deleted). */
export function auditLabelOf(person: Person): string {
  const name = displayName({ first_name: person.firstName, last_name: person.lastName, email: null });
  return name === 'Anonymous' ? person.email : `${name} <${person.email}>`;
}

/** How the log names an action no person took (a scheduled job). */
export const SYSTEM_ACTOR_LABEL = 'System (scheduled job)';

export type AuditEntryInput = {
  /** The administrator (or other staff) who acted; null for a scheduled job. */
  actor: Person | null;
  /** e.g. user.role_change, user.delete, post.delete, job.close. */
  action: string;
  target: { type: string; id: number | null; label: string };
  reason?: string | null;
  details?: Record<string, unknown>;
};

/**
 * Writes one audit entry (pass the transaction of the change so both commit together).
 * Exported for every module that performs administrative actions.
 */
export async function writeAuditLog(db: Executor, entry: AuditEntryInput): Promise<void> {
  await insertAuditEntry(db, auditRowOf(entry));
}

/** Writes many entries in one statement (a cohort step that moved hundreds of people). */
export async function writeAuditLogEntries(db: Executor, entries: AuditEntryInput[]): Promise<void> {
  await insertAuditEntries(db, entries.map(auditRowOf));
}

function auditRowOf(entry: AuditEntryInput): NewAuditEntry {
  return {
    actorId: entry.actor?.id ?? null,
    actorLabel: entry.actor ? auditLabelOf(entry.actor) : SYSTEM_ACTOR_LABEL,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    targetLabel: entry.target.label,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
  };
}

/** The log newest first, optionally of one action. */
export async function listAuditLog(ctx: AppContext, query: AuditLogFilter): Promise<AuditLogPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await findAuditEntries(ctx.db, { action: query.action, before, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { results: items.map(presentAuditEntry), next };
}
