import type { AuditLogEntry } from '@alumlink/contract';
import type { AuditLogRow } from '../../db/schema/index';

/** An audit_log row → the contract's auditLogEntrySchema. */
export function presentAuditEntry(row: AuditLogRow): AuditLogEntry {
  return {
    id: row.id,
    action: row.action,
    actor: { id: row.actorId, label: row.actorLabel },
    target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
    reason: row.reason,
    details: row.details,
    created_at: row.createdAt.toISOString(),
  };
}
