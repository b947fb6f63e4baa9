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
