import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** Outbox of every e-mail: the sender works through queued rows; the dev mailbox reads them. */
export const outgoingEmails = pgTable(
  'outgoing_emails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Extra headers (List-Unsubscribe of digests); null for most messages. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** queued, sent or failed. */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * Truncated, not rounded, to the millisecond: claims compare it with a JavaScript Date (which
     * truncates), and a default rounded up lay in the future, so a message written just before a
     * delivery was skipped by it.
     */
    nextAttemptAt: timestamptz('next_attempt_at')
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    sentAt: timestamptz('sent_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('outgoing_emails_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
    index('outgoing_emails_status_next_attempt_idx').on(t.status, t.nextAttemptAt),
    index('outgoing_emails_to_created_idx').on(sql`lower(${t.toAddress})`, t.createdAt.desc()),
  ],
);

export type OutgoingEmailRow = typeof outgoingEmails.$inferSelect;
