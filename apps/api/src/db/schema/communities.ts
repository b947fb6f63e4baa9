import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { COMMUNITY_VISIBILITIES } from '@alumlink/contract';
import { SEARCH_DOCUMENT } from '../search-documents';
import { timestamptz } from './columns';
import { users } from './users';

/** The communities of the hub (seeded with eight). */
export const communities = pgTable(
  'communities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique('communities_slug_unique'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Name of a lucide icon, e.g. "code". */
    icon: text('icon').notNull().default('users'),
    /** Kept in step with memberships in the same transaction. */
    membersCount: integer('members_count').notNull().default(0),
    /** Who reads the space's posts: everyone who may see their authors, or its members alone (migration 0035). */
    visibility: text('visibility', { enum: COMMUNITY_VISIBILITIES }).notNull().default('public'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Search everything: communities by the words of their name and description (its stored document, migration 0039).
    index('communities_search_idx').using('gin', SEARCH_DOCUMENT),
    check('communities_visibility_check', sql`${t.visibility} in ('public', 'members')`),
  ],
);

export type CommunityRow = typeof communities.$inferSelect;

/** Membership of a community; communities.members_count is kept in step in the same transaction. */
export const communityMembers = pgTable(
  'community_members',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'community_members_pkey', columns: [t.communityId, t.userId] }),
    index('community_members_user_idx').on(t.userId),
    // A space's members, newest first (migration 0038).
    index('community_members_community_joined_idx').on(t.communityId, t.createdAt.desc().nullsFirst(), t.userId.desc().nullsFirst()),
  ],
);

export type CommunityMemberRow = typeof communityMembers.$inferSelect;

/** The moderators an administrator names per space: they remove posts there as an administrator does (migration 0035). */
export const communityModerators = pgTable(
  'community_moderators',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'community_moderators_pkey', columns: [t.communityId, t.userId] }),
    index('community_moderators_user_idx').on(t.userId),
  ],
);
