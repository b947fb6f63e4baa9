import type { LeavePart } from '../../lib/leave';

/**
 * Audit log: entries stay whole (an administrator's actions and a deletion are accountable); the
 * labels keep the e-mail and name written at the time (docs/security.md).
 */
export const auditLogLeave: LeavePart = {
  name: 'audit-log',
  tables: [
    { table: 'audit_log', column: 'actor_id', rule: 'kept', why: 'what an administrator did stays logged, with the label written then' },
    { table: 'audit_log', column: 'target_id', rule: 'kept', why: "entries about them (their deletion) stay, target_type 'user'" },
  ],
  async run() {},
};
