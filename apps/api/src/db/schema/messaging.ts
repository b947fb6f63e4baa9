import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { posts } from './posts';
import { users } from './users';

/**
 * A one-to-one conversation. The pair is unique whichever of the two started it (expression
 * index on least/greatest), so two people starting one at the same moment get the same row.
 * The last message is kept on the row so the conversation list is one query per page.
 * A person's deletion keeps it for the other one: their side becomes null ('Deleted user').
 */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Who started it; null once they deleted their account. */
    userAId: integer('user_a_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null once they deleted their account. */
    userBId: integer('user_b_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Creation time, then the time of the last message. */
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    lastMessageAt: timestamptz('last_message_at'),
    lastMessageContent: text('last_message_content'),
    lastMessageSenderId: integer('last_message_sender_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Both people have written in it: they are connected (DESIGN 7). Set by the send whose
     * sender is not the last one to have written, in the same statement as the message.
     */
    bothWrote: boolean('both_wrote').notNull().default(false),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(sql`least(${t.userAId}, ${t.userBId})`, sql`greatest(${t.userAId}, ${t.userBId})`),
    // Deleting a person sets these to null: found by index, not by scanning every conversation.
    index('conversations_user_a_idx').on(t.userAId),
    index('conversations_user_b_idx').on(t.userBId),
    check('conversations_two_people_check', sql`${t.userAId} <> ${t.userBId}`),
  ],
);

/**
 * One row per (conversation, participant): what differs per person (unread count, last read,
 * the other person) plus `activity_at` (= conversations.updated_at, kept in step in the same
 * transaction) so one person's conversation list is served by one index.
 */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the other person deleted their account (the row stays: the conversation is kept). */
    otherUserId: integer('other_user_id').references(() => users.id, { onDelete: 'set null' }),
    unreadCount: integer('unread_count').notNull().default(0),
    lastReadAt: timestamptz('last_read_at'),
    activityAt: timestamptz('activity_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'conversation_participants_pkey', columns: [t.conversationId, t.userId] }),
    index('conversation_participants_list_idx').on(t.userId, t.activityAt.desc().nullsFirst(), t.conversationId.desc().nullsFirst()),
    index('conversation_participants_other_user_idx').on(t.otherUserId),
  ],
);

/** Messages of a conversation, read newest page first. */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Null once the sender deleted their account ('Deleted user'). */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Deleting a person turns their messages into 'Deleted user' ones (sender set to null).
    index('messages_sender_idx').on(t.senderId),
  ],
);

/** In-app notifications of one person (likes, comments, messages, moderation, role changes). */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The person notified. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of NOTIFICATION_TYPES (contract). */
    type: text('type').notNull(),
    /** Who caused it; null for moderation and role changes, or once that person is gone. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The moderation reason of a removed post. */
    reason: text('reason'),
    readAt: timestamptz('read_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Unread ones: counted by person; looked up by post and actor before a like or comment
    // notification is added, and by conversation when it is opened, without walking all of them.
    index('notifications_unread_post_idx')
      .on(t.userId, t.postId, t.actorId)
      .where(sql`${t.readAt} is null`),
    index('notifications_unread_conversation_idx')
      .on(t.userId, t.conversationId)
      .where(sql`${t.readAt} is null and ${t.conversationId} is not null`),
    // A person's deletion removes the notifications they caused (their texts carry the name).
    index('notifications_actor_idx')
      .on(t.actorId)
      .where(sql`${t.actorId} is not null`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type ConversationParticipantRow = typeof conversationParticipants.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
