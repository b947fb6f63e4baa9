/** Lazy entry of one admin screen (its own chunk). */
export { AuditLogPage } from '../audit-log/audit-log-page';
