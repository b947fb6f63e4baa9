import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/**
 * Every administrative action. Labels copy who and whom at the time, so the log survives the
 * deletion of the people involved (the ids are then set to null).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text('actor_label').notNull(),
    /** e.g. post.delete, user.role_change, user.delete, job.close. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id'),
    targetLabel: text('target_label').notNull().default(''),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_action_created_idx').on(t.action, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * Running totals for the admin dashboard (users_total, users_AD.., posts, referrals_open,
 * referrals_closed), kept by triggers so the dashboard never scans a large table.
 */
export const statCounters = pgTable('stat_counters', {
  key: text('key').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/** Per-day activity (signups, posts) for the dashboard chart, kept by triggers. */
export const dailyStats = pgTable(
  'daily_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'daily_stats_pkey', columns: [t.day, t.key] })],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
