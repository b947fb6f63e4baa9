import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/**
 * A roster import an administrator started (DESIGN 9.1). The instance that took the upload runs
 * it and moves `processed` and `heartbeat_at` with each batch it commits; a `running` import whose
 * heartbeat stopped (its process died) is turned `failed` by whichever instance looks next.
 */
export const rosterImports = pgTable(
  'roster_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who ran it, as named then (the list survives their deletion). */
    adminLabel: text('admin_label').notNull(),
    fileName: text('file_name').notNull().default(''),
    status: text('status').notNull().default('running'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    invited: integer('invited').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    failure: text('failure'),
    heartbeatAt: timestamptz('heartbeat_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('roster_imports_status_check', sql`${t.status} in ('running', 'done', 'failed')`),
    index('roster_imports_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('roster_imports_running_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.status} = 'running'`),
  ],
);

/** A row an import rejected, as it was in the file, with why (the errors list and rejected.csv). */
export const rosterImportRejects = pgTable(
  'roster_import_rejects',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => rosterImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    email: text('email').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').notNull().default(''),
    cohort: text('cohort').notNull().default(''),
    message: text('message').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] }), index('roster_import_rejects_email_idx').on(sql`lower(${t.email})`)],
);

export type RosterImportRow = typeof rosterImports.$inferSelect;
export type RosterRejectRow = typeof rosterImportRejects.$inferSelect;
