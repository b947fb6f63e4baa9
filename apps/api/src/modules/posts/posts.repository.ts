import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { comments, postLikes, posts, users, type CommentRow, type PostRow } from '../../db/schema/index';
import type { CursorPosition } from '../../lib/pagination';
import { visibleToSql, type Viewer } from '../settings/visibility';
import type { UserSummaryRow } from '../users/users.presenter';

/** Author columns every post and comment carries (what presentUserSummary reads). */
const authorColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  handle: users.handle,
  role: users.role,
  image: users.image,
};

/** A live post with its author and whether the viewer likes it. */
export type PostListRow = Pick<PostRow, 'id' | 'caption' | 'image' | 'likesCount' | 'commentsCount' | 'createdAt'> & {
  liked: boolean;
  author: UserSummaryRow;
};

export type PostSearch = {
  viewerId: number;
  /** Only posts of people this viewer may see (profile visibility setting); omitted: no such filter. */
  visibleTo?: Viewer;
  authorId?: number;
  postId?: number;
  /** Posts strictly older than this position (newest-first keyset). */
  before?: CursorPosition;
  take: number;
};

/**
 * Live posts newest first with their authors, in one query: served by posts_feed_idx (or
 * posts_user_created_idx for one author); `liked` is an EXISTS on the post_likes primary key.
 */
export function findPosts(db: Executor, search: PostSearch): Promise<PostListRow[]> {
  return postsQuery(db, search).execute();
}

/** The query of findPosts, unexecuted (tests EXPLAIN it). */
export function postsQuery(db: Executor, search: PostSearch) {
  const conditions: SQL[] = [isNull(posts.deletedAt)];
  if (search.authorId !== undefined) conditions.push(eq(posts.userId, search.authorId));
  if (search.postId !== undefined) conditions.push(eq(posts.id, search.postId));
  const visible = search.visibleTo ? visibleToSql(search.visibleTo, posts.userId) : undefined;
  if (visible) conditions.push(visible);
  if (search.before) {
    const { at, id } = search.before;
    conditions.push(sql`(${posts.createdAt}, ${posts.id}) < (${at.toISOString()}::timestamptz, ${id})`);
  }
  return db
    .select({
      id: posts.id,
      caption: posts.caption,
      image: posts.image,
      likesCount: posts.likesCount,
      commentsCount: posts.commentsCount,
      createdAt: posts.createdAt,
      liked: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${search.viewerId})`,
      author: authorColumns,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(...conditions))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(search.take);
}

/** The post when it exists and is not deleted (id, author and timestamps only). */
export async function findLivePost(db: Executor, postId: number): Promise<Pick<PostRow, 'id' | 'userId'> | null> {
  const [row] = await db
    .select({ id: posts.id, userId: posts.userId })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function insertPost(db: Executor, values: { userId: number; caption: string; image: string }): Promise<PostRow> {
  const [row] = await db.insert(posts).values(values).returning();
  if (!row) throw new Error('insertPost: no row returned');
  return row;
}

/**
 * Serialises toggles by the same person on the same post until the transaction ends (a
 * transaction-scoped advisory lock on the pair), so two simultaneous toggles act one after the
 * other instead of both seeing the same state. Toggles by different people never wait on each other.
 */
export async function lockLikeToggle(db: Executor, postId: number, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${postId}::int, ${userId}::int)`);
}

/** Adds the like; true when it was new. */
export async function insertLike(db: Executor, postId: number, userId: number): Promise<boolean> {
  const rows = await db.insert(postLikes).values({ postId, userId }).onConflictDoNothing().returning({ postId: postLikes.postId });
  return rows.length > 0;
}

/** Removes the like; the number of rows removed (0 or 1). */
export async function deleteLike(db: Executor, postId: number, userId: number): Promise<number> {
  const rows = await db
    .delete(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
    .returning({ postId: postLikes.postId });
  return rows.length;
}

/** Adds delta to a live post's counter; the new value, or null when the post is gone. */
export async function bumpCounter(
  db: Executor,
  postId: number,
  counter: 'likesCount' | 'commentsCount',
  delta: number,
): Promise<number | null> {
  const column = posts[counter];
  const [row] = await db
    .update(posts)
    .set({ [counter]: sql`${column} + ${delta}` })
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .returning({ value: column });
  return row?.value ?? null;
}

export async function insertComment(db: Executor, values: { postId: number; userId: number; text: string }): Promise<CommentRow> {
  const [row] = await db.insert(comments).values(values).returning();
  if (!row) throw new Error('insertComment: no row returned');
  return row;
}

/** A comment with its author. */
export type CommentListRow = Pick<CommentRow, 'id' | 'text' | 'createdAt' | 'postId'> & { author: UserSummaryRow };

/** Comments of a post oldest first (keyset after `after`), served by comments_post_created_idx. */
export function findComments(db: Executor, search: CommentSearch): Promise<CommentListRow[]> {
  return commentsQuery(db, search).execute();
}

export type CommentSearch = { postId: number; after?: CursorPosition; commentId?: number; take: number };

/** The query of findComments, unexecuted (tests EXPLAIN it). */
export function commentsQuery(db: Executor, search: CommentSearch) {
  const conditions: SQL[] = [eq(comments.postId, search.postId)];
  if (search.commentId !== undefined) conditions.push(eq(comments.id, search.commentId));
  if (search.after) {
    const { at, id } = search.after;
    conditions.push(sql`(${comments.createdAt}, ${comments.id}) > (${at.toISOString()}::timestamptz, ${id})`);
  }
  return db
    .select({ id: comments.id, text: comments.text, createdAt: comments.createdAt, postId: comments.postId, author: authorColumns })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(...conditions))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(search.take);
}

/** Soft-deletes a live post; false when it was already gone. */
export async function markPostDeleted(
  db: Executor,
  postId: number,
  deletion: { deletedBy: number; reason: string | null; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({ deletedAt: deletion.at, deletedBy: deletion.deletedBy, deleteReason: deletion.reason })
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .returning({ id: posts.id });
  return rows.length > 0;
}
