// The audit log (decision record 038): every module that acts for an administrator, a moderator or
// a scheduled job writes its entry here; the admin portal lists them (auditLogRoutes).
export { auditLabelOf, SYSTEM_ACTOR_LABEL, writeAuditLog, writeAuditLogEntries, type AuditEntryInput } from './audit-log.service';
export { auditLogRoutes } from './audit-log.routes';
export { auditLogLeave } from './audit-log.leave';
