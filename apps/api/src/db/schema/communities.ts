import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** The communities of the hub (seeded with eight). */
export const communities = pgTable('communities', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique('communities_slug_unique'),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Name of a lucide icon, e.g. "code". */
  icon: text('icon').notNull().default('users'),
  /** Kept in step with memberships in the same transaction. */
  membersCount: integer('members_count').notNull().default(0),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export type CommunityRow = typeof communities.$inferSelect;
