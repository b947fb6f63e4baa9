import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { posts } from './posts';
import { users } from './users';

/**
 * A member's report of a post (one per person and post). The reporter is kept for the unique
 * rule and the deletion cascade only: no route answers who reported.
 */
export const postReports = pgTable(
  'post_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of REPORT_REASONS (contract). */
    reason: text('reason').notNull(),
    note: text('note'),
    /** open → dismissed (a moderator kept the post) or actioned (a moderator removed it). */
    status: text('status').notNull().default('open'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('post_reports_post_reporter_idx').on(t.postId, t.reporterId),
    // The queue groups one status's reports by post; closing a post's open reports finds them here.
    index('post_reports_status_post_idx').on(t.status, t.postId, t.createdAt),
    // A person's reports, for their deletion (the cascade).
    index('post_reports_reporter_idx').on(t.reporterId),
    index('post_reports_resolved_by_idx')
      .on(t.resolvedBy)
      .where(sql`${t.resolvedBy} is not null`),
    check('post_reports_status_check', sql`${t.status} in ('open', 'dismissed', 'actioned')`),
  ],
);

/** An author's appeal against a moderator's removal of their post: one per post. */
export const moderationAppeals = pgTable(
  'moderation_appeals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The removal appealed against, copied: a restored post no longer carries them. */
    reason: text('reason').notNull(),
    removedAt: timestamptz('removed_at').notNull(),
    /** open → upheld (stays removed) or restored (the post is back). */
    status: text('status').notNull().default('open'),
    reply: text('reply'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('moderation_appeals_post_idx').on(t.postId),
    // The admin queue: one status, oldest first.
    index('moderation_appeals_status_created_idx').on(t.status, t.createdAt, t.id),
    index('moderation_appeals_author_idx').on(t.authorId),
    index('moderation_appeals_decided_by_idx')
      .on(t.decidedBy)
      .where(sql`${t.decidedBy} is not null`),
    check('moderation_appeals_status_check', sql`${t.status} in ('open', 'upheld', 'restored')`),
  ],
);

export type PostReportRow = typeof postReports.$inferSelect;
export type ModerationAppealRow = typeof moderationAppeals.$inferSelect;
