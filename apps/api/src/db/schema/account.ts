import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/**
 * "Download my data" exports. A row is asked for `pending`, built in the background by whichever
 * server instance claims it (`claimed_until` is its lease: a row whose builder died is claimed
 * again once the lease is over), then `ready` (the zip is in the exports store under `file_key`)
 * or `failed`. Rows and files are purged once `expires_at` is over; the person's deletion
 * removes them at once (cascade here, files by the deletion).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pending, ready or failed (DATA_EXPORT_STATUSES in the contract). */
    status: text('status').notNull().default('pending'),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    /** A builder holds the row until then; null when nobody has started it. */
    claimedUntil: timestamptz('claimed_until'),
    /** Builds started; after the last allowed one fails, the row is failed. */
    attempts: integer('attempts').notNull().default(0),
    /** Key of the zip in the exports store (not under /media: never served as a static file). */
    fileKey: text('file_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    readyAt: timestamptz('ready_at'),
    /** When the link stops working and the row and file are purged (ready and failed rows). */
    expiresAt: timestamptz('expires_at'),
  },
  (t) => [
    check('data_exports_status_check', sql`${t.status} in ('pending', 'ready', 'failed')`),
    // The latest export of a person (GET, and the once-a-day rule).
    index('data_exports_user_requested_idx').on(t.userId, t.requestedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The builder's queue.
    index('data_exports_pending_idx')
      .on(t.requestedAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    // The purge.
    index('data_exports_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);

export type DataExportRow = typeof dataExports.$inferSelect;

/**
 * One-time download tickets of ready exports (DESIGN 8.4): the signed-in owner mints one, the
 * browser follows its URL within a minute, and the first use deletes it. Only the SHA-256 of the
 * ticket is stored; the row goes with its export (purge, deletion).
 */
export const dataExportTickets = pgTable(
  'data_export_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    exportId: integer('export_id')
      .notNull()
      .references(() => dataExports.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('data_export_tickets_expires_idx').on(t.expiresAt), index('data_export_tickets_export_idx').on(t.exportId)],
);

export type DataExportTicketRow = typeof dataExportTickets.$inferSelect;
