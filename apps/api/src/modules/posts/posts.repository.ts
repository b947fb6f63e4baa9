import { and, asc, desc, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { comments, postLikes, posts, users, type CommentRow, type PostRow } from '../../db/schema/index';
import type { CursorPosition } from '../../lib/pagination';
import { visibleToViewerIdSql, type Viewer } from '../settings/visibility';
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

/** The columns of a listed post: the post, whether `viewerId` likes it (post_likes primary key), the author. */
function postListColumns(viewerId: number | Placeholder) {
  return {
    id: posts.id,
    caption: posts.caption,
    image: posts.image,
    likesCount: posts.likesCount,
    commentsCount: posts.commentsCount,
    createdAt: posts.createdAt,
    liked: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId}::integer)`,
    author: authorColumns,
  };
}

/** Which posts a page lists: the feed (everything the viewer may see) or one author's posts. */
export type PostPageKind = 'feed' | 'author';

/**
 * A page of live posts newest first, before a (created_at, id) position, as a query with
 * placeholders (viewerId, seesEveryone, authorId, beforeAt, beforeId, take) so it can be
 * prepared once: the feed walks posts_feed_idx, one author's page posts_user_created_idx.
 * The first page uses the position ('infinity', FIRST_PAGE_ID), after every post.
 * One author's page does not repeat the visibility rule: the service checks it first.
 */
export function postPageQuery(db: Executor, kind: PostPageKind) {
  const viewerId = sql.placeholder('viewerId');
  const conditions: SQL[] = [
    isNull(posts.deletedAt),
    sql`(${posts.createdAt}, ${posts.id}) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::integer)`,
  ];
  if (kind === 'author') conditions.push(sql`${posts.userId} = ${sql.placeholder('authorId')}::integer`);
  else conditions.push(sql`(${sql.placeholder('seesEveryone')}::boolean or ${visibleToViewerIdSql(viewerId, posts.userId)})`);
  return db
    .select(postListColumns(viewerId))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(...conditions))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(sql.placeholder('take'));
}

const postPageStatements = preparedFor((db) => ({
  feed: postPageQuery(db, 'feed').prepare('posts_feed_page'),
  author: postPageQuery(db, 'author').prepare('posts_author_page'),
}));

/** Larger than any post id: the first page's position sorts after every post. */
const FIRST_PAGE_ID = 2_147_483_647;

export type PostPageSearch = {
  viewer: Viewer;
  /** One author's posts; omitted: the feed. */
  authorId?: number;
  /** Posts strictly older than this position (newest-first keyset); omitted: the first page. */
  before?: CursorPosition;
  take: number;
};

/** The parameters of postPageQuery for a search. */
export function postPageParams(search: PostPageSearch) {
  return {
    viewerId: search.viewer.id,
    seesEveryone: search.viewer.role === 'AD',
    authorId: search.authorId ?? 0,
    beforeAt: search.before ? search.before.at.toISOString() : 'infinity',
    beforeId: search.before ? search.before.id : FIRST_PAGE_ID,
    take: search.take,
  };
}

/** A page of the feed or of one author's posts, with authors and the viewer's likes (prepared statements). */
export function findPostPage(db: Database, search: PostPageSearch): Promise<PostListRow[]> {
  const statements = postPageStatements(db);
  const statement = search.authorId === undefined ? statements.feed : statements.author;
  return statement.execute(postPageParams(search));
}

/** One live post with its author and whether the viewer likes it; null when missing or deleted. */
export async function findPost(db: Executor, viewerId: number, postId: number): Promise<PostListRow | null> {
  const [row] = await db
    .select(postListColumns(viewerId))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(isNull(posts.deletedAt), eq(posts.id, postId)))
    .limit(1);
  return row ?? null;
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
