import { kept, type LeavePart } from '../../lib/leave';

/**
 * Audit log: entries stay whole (an administrator's actions and a deletion are accountable); the
 * labels keep the e-mail and name written at the time (docs/security.md).
 */
export const auditLogLeave: LeavePart = {
  name: 'audit-log',
  tables: [
    kept('audit_log.actor_id', 'what an administrator did stays logged, with the label written then'),
    kept('audit_log.target_id', "entries about them (their deletion) stay, target_type 'user'"),
  ],
  async run() {},
};
