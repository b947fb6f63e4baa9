import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { conversations } from './messaging';
import { users } from './users';

/**
 * A person's mentor card. `topic_keys` holds the topics lower-cased (written with them), copied
 * to mentor_topics for the topic filter (case-insensitive, whole value); `active_count`
 * is kept on the row in the transaction that changes a mentorship, so the mentors list is one
 * indexed query and accepting re-checks capacity under this row's lock.
 */
export const mentorProfiles = pgTable(
  'mentor_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    isMentor: boolean('is_mentor').notNull().default(false),
    /** As the mentor wrote them (trimmed, at most 10, no case-insensitive duplicates). */
    topics: text('topics')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** lower(topics), in the same order. */
    topicKeys: text('topic_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    capacity: integer('capacity').notNull().default(3),
    about: text('about').notNull().default(''),
    accepting: boolean('accepting').notNull().default(true),
    activeCount: integer('active_count').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('mentor_profiles_capacity_check', sql`${t.capacity} between 1 and 10`),
    check('mentor_profiles_active_count_check', sql`${t.activeCount} >= 0`),
    // The mentors list: open mentors (with a free place), least loaded first.
    index('mentor_profiles_open_idx')
      .on(t.activeCount, t.userId)
      .where(sql`${t.isMentor} and ${t.accepting} and ${t.activeCount} < ${t.capacity}`),
    // The admin view: mentors by load.
    index('mentor_profiles_mentors_idx')
      .on(t.activeCount.desc(), t.userId)
      .where(sql`${t.isMentor}`),
  ],
);

/**
 * One row per topic of each open mentor (is_mentor, accepting, a free place), with the mentor's
 * load: the mentors list with a topic filter reads mentor_topics_list_idx in its order and stops
 * after a page, where a GIN lookup would fetch and sort every mentor of the topic. Rewritten by
 * the mentoring repository in the statement that changes the card or its load.
 */
export const mentorTopics = pgTable(
  'mentor_topics',
  {
    topicKey: text('topic_key').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => mentorProfiles.userId, { onDelete: 'cascade' }),
    activeCount: integer('active_count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'mentor_topics_pkey', columns: [t.userId, t.topicKey] }),
    index('mentor_topics_list_idx').on(t.topicKey, t.activeCount, t.userId),
  ],
);

/** A request for mentoring and the mentorship it becomes. */
export const mentorships = pgTable(
  'mentorships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null once the mentor deleted their account. */
    mentorId: integer('mentor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null once the mentee deleted their account. */
    menteeId: integer('mentee_id').references(() => users.id, { onDelete: 'set null' }),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    /** One of MENTORSHIP_STATUSES (contract). */
    status: text('status').notNull().default('pending'),
    declineReason: text('decline_reason'),
    conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('mentorships_status_check', sql`${t.status} in ('pending', 'active', 'declined', 'cancelled', 'completed')`),
    check('mentorships_two_people_check', sql`${t.mentorId} <> ${t.menteeId}`),
    // One pending or active mentorship per pair: a second request races into this index (409).
    uniqueIndex('mentorships_open_pair_idx')
      .on(t.mentorId, t.menteeId)
      .where(sql`${t.status} in ('pending', 'active')`),
    index('mentorships_mentor_created_idx').on(t.mentorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('mentorships_mentee_created_idx').on(t.menteeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('mentorships_created_idx').on(t.createdAt, t.status),
    // An accepted or completed mentorship connects the pair (settings/visibility.ts connectedSql).
    index('mentorships_connected_pair_idx')
      .on(sql`least(${t.mentorId}, ${t.menteeId})`, sql`greatest(${t.mentorId}, ${t.menteeId})`)
      .where(sql`${t.status} in ('active', 'completed')`),
  ],
);

export type MentorProfileRow = typeof mentorProfiles.$inferSelect;
export type MentorshipRow = typeof mentorships.$inferSelect;
