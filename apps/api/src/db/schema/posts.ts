import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { SEARCH_DOCUMENT } from '../search-documents';
import { timestamptz } from './columns';
import { communities } from './communities';
import { users } from './users';

/** Posts of the social feed. Deletion is soft so moderation keeps who deleted what and why. */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caption: text('caption').notNull(),
    /** Storage key of the WebP image (not a URL); presenters turn it into a /media URL. */
    image: text('image'),
    /** Kept in step with post_likes in the same transaction. */
    likesCount: integer('likes_count').notNull().default(0),
    /** Kept in step with comments in the same transaction. */
    commentsCount: integer('comments_count').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /** The author's own deletion leaves this null; moderators give one of DELETION_REASONS. */
    deleteReason: text('delete_reason'),
    /** The space the post was made in (null: none); its visibility rules who reads it (posts.policy.ts). */
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'restrict' }),
    /** When the author last edited the caption (null: never); the post shows "Edited". */
    editedAt: timestamptz('edited_at'),
  },
  (t) => [
    // The feed: newest first, only live posts.
    index('posts_feed_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // A space's feed: its live posts newest first (migration 0035).
    index('posts_community_created_idx')
      .on(t.communityId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null and ${t.communityId} is not null`),
    // One person's posts.
    index('posts_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Who else still shows an image file, before a deletion removes it (modules/media).
    index('posts_image_idx')
      .on(t.image)
      .where(sql`${t.image} is not null`),
    // Deleting a moderator sets deleted_by to null on the posts they removed.
    index('posts_deleted_by_idx')
      .on(t.deletedBy)
      .where(sql`${t.deletedBy} is not null`),
    // Search everything: live posts by the words of their caption (its stored document, migration 0039).
    index('posts_search_idx')
      .using('gin', SEARCH_DOCUMENT)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** One row per (post, person) who likes it. */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'post_likes_pkey', columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
);

/** Comments under a post, read oldest first. */
export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** When the author last edited the text (null: never). */
    editedAt: timestamptz('edited_at'),
  },
  // comments_user_idx: a person's comments, for their deletion (counters and the cascade).
  (t) => [index('comments_post_created_idx').on(t.postId, t.createdAt, t.id), index('comments_user_idx').on(t.userId)],
);

export type PostRow = typeof posts.$inferSelect;
export type PostLikeRow = typeof postLikes.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;

/**
 * The hashtags of live and deleted posts (extractHashtags of the caption), written with the post;
 * created_at is the post's, so a tag's page walks post_tags_tag_created_idx in the feed's order.
 */
export const postTags = pgTable(
  'post_tags',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Lower-cased, without '#'. */
    tag: text('tag').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'post_tags_pkey', columns: [t.postId, t.tag] }),
    // A tag's page: newest first, keyset on (created_at, post_id).
    index('post_tags_tag_created_idx').on(t.tag, t.createdAt.desc().nullsFirst(), t.postId.desc().nullsFirst()),
    // Trending: the tags of the last 7 days.
    index('post_tags_created_idx').on(t.createdAt),
  ],
);

/**
 * The people a post's caption mentions (extractMentions, at most 10) who were told: those the
 * author may see who may see the post. Written with the post; a later edit adds only new rows
 * (and only those notify). decision record 035.
 */
export const postMentions = pgTable(
  'post_mentions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** The person mentioned. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'post_mentions_pkey', columns: [t.postId, t.userId] }),
    index('post_mentions_user_idx').on(t.userId, t.postId),
  ],
);

/** The people a comment mentions who were told, as postMentions. */
export const commentMentions = pgTable(
  'comment_mentions',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    /** The person mentioned. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'comment_mentions_pkey', columns: [t.commentId, t.userId] }),
    index('comment_mentions_user_idx').on(t.userId, t.commentId),
  ],
);
