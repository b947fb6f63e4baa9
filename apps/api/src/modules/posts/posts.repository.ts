import { and, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import type { PostReaders } from '../../app-events';
import type { Database, Executor } from '../../db/client';
import { communities, communityMembers, communityModerators, posts, postTags, users, type PostRow } from '../../db/schema/index';
import { type DeliverySqlRow } from '../notifications/index';
import { type Viewer } from '../settings/visibility';
import { type UserSummaryRow } from '../users/users.presenter';
import { userSummaryColumnsOfListed, userSummaryFromSql } from '../users/index';
import { type CommentListRow } from './comments.repository';
import { createPostHeads, HEAD_ROWS, headKey, pageFromHead, postHeadOf, prepareHeadViewerStatements, type PostHead } from './post-heads';
import { likedBySql, postPageParams, preparePostPageStatements, type PostPageSearch, type PostSqlRow } from './post-page.sql';
import { postReadableBySql } from './posts.policy';
import { prepareWriteStatements } from './posts-writes.sql';

/** A live post with its author and whether the viewer likes it. */
export type PostListRow = Pick<PostRow, 'id' | 'caption' | 'image' | 'likesCount' | 'commentsCount' | 'createdAt' | 'editedAt'> & {
  liked: boolean;
  author: UserSummaryRow;
};

/** The columns of a listed post: the post, whether `viewerId` likes it (post_likes primary key), the author. */
function postListColumns(viewerId: number | Placeholder, seesEveryone: boolean | Placeholder) {
  return {
    id: posts.id,
    caption: posts.caption,
    image: posts.image,
    likesCount: posts.likesCount,
    commentsCount: posts.commentsCount,
    createdAt: posts.createdAt,
    editedAt: posts.editedAt,
    liked: likedBySql(viewerId),
    author: userSummaryColumnsOfListed(viewerId, seesEveryone),
  };
}

/** One live post with its author and whether the viewer likes it; null when missing or deleted. */
export async function findPost(db: Executor, viewer: Viewer, postId: number): Promise<PostListRow | null> {
  const [row] = await db
    .select(postListColumns(viewer.id, viewer.role === 'AD'))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(isNull(posts.deletedAt), eq(posts.id, postId), postReadableBySql(viewer, posts)))
    .limit(1);
  return row ?? null;
}

/**
 * The post when it exists, is not deleted and, given a viewer, they may read it (postReadableSql);
 * id, author and space only.
 */
export async function findLivePost(
  db: Executor,
  postId: number,
  viewer?: Viewer,
): Promise<Pick<PostRow, 'id' | 'userId' | 'communityId'> | null> {
  const [row] = await db
    .select({ id: posts.id, userId: posts.userId, communityId: posts.communityId })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt), viewer ? postReadableBySql(viewer, posts) : undefined))
    .limit(1);
  return row ?? null;
}

export async function insertPost(
  db: Executor,
  values: { userId: number; caption: string; image: string; communityId?: number | null },
): Promise<PostRow> {
  const [row] = await db.insert(posts).values(values).returning();
  if (!row) throw new Error('insertPost: no row returned');
  return row;
}

/** Whether the person is a member of the space; null when the space does not exist. */
export async function findSpaceMembership(db: Executor, communityId: number, userId: number): Promise<boolean | null> {
  const [row] = await db
    .select({
      member: sql<boolean>`exists (select from ${communityMembers} where ${communityMembers.communityId} = ${communities.id} and ${communityMembers.userId} = ${userId})`,
    })
    .from(communities)
    .where(eq(communities.id, communityId))
    .limit(1);
  return row ? row.member : null;
}

/**
 * Who may read the posts of a space, for their socket events: everyone when there is no space or
 * it is public, else its members and moderators (community_members_pkey, community_moderators_pkey).
 */
export async function readersOfSpace(db: Executor, communityId: number | null): Promise<PostReaders> {
  if (communityId === null) return 'everyone';
  const { rows } = await db.execute<{ visibility: string; user_id: number | null }>(sql`
    select c.visibility, people.user_id from ${communities} c
      left join lateral (
        select user_id from ${communityMembers} where community_id = c.id and c.visibility = 'members'
        union select user_id from ${communityModerators} where community_id = c.id and c.visibility = 'members'
      ) people on true
    where c.id = ${communityId}`);
  if (rows.length === 0 || rows[0]?.visibility === 'public') return 'everyone';
  return rows.flatMap((row) => (row.user_id === null ? [] : [Number(row.user_id)]));
}

/** Replaces a post's hashtags (none removes them all); rows carry the post's time for the tag's page. */
export async function replacePostTags(db: Executor, post: Pick<PostRow, 'id' | 'createdAt'>, tags: readonly string[]): Promise<void> {
  await db.delete(postTags).where(eq(postTags.postId, post.id));
  if (tags.length === 0) return;
  await db.insert(postTags).values(tags.map((tag) => ({ postId: post.id, tag, createdAt: post.createdAt })));
}

/** What one run of the like toggle statement did. */
export type LikeToggle =
  | { outcome: 'missing' }
  | { outcome: 'raced' }
  | {
      outcome: 'liked' | 'unliked';
      likesCount: number;
      authorId: number;
      actor: UserSummaryRow;
      authorDelivery: DeliverySqlRow;
      /** An unread notification of this person's like of this post already tells the author. */
      authorNotified: boolean;
    };

/** A stored comment, its post's author and the author's delivery (the commenter is the comment's author). */
export type AddedComment = { comment: CommentListRow; authorId: number; authorDelivery: DeliverySqlRow };

/** Soft-deletes a live post; its image key, or null when it was already gone. */
export async function markPostDeleted(
  db: Executor,
  postId: number,
  deletion: { deletedBy: number; reason: string | null; at: Date },
): Promise<{ image: string | null; communityId: number | null } | null> {
  const [row] = await db
    .update(posts)
    .set({ deletedAt: deletion.at, deletedBy: deletion.deletedBy, deleteReason: deletion.reason })
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .returning({ image: posts.image, communityId: posts.communityId });
  return row ?? null;
}

/** The statements of this module, prepared once per app, behind their methods (`ctx.repositories.posts`). */
export function createPostsRepository(db: Database, heads: { fillQuietMs: number }) {
  const postPageStatements = preparePostPageStatements(db);
  const headViewerStatements = prepareHeadViewerStatements(db);
  const writeStatements = prepareWriteStatements(db);
  /** The kept heads of the spaces' and tags' pages (post-heads.ts, decision 065), kept true by post-heads.plugin.ts. */
  const postHeads = createPostHeads(heads);
  /** The newest HEAD_ROWS live posts of a space or a tag as an administrator reads them (the page's own statement, no viewer's part). */
  const fillHead = async (kind: 'tag' | 'space', search: PostPageSearch): Promise<PostHead> => {
    const rows = await postPageStatements(kind, HEAD_ROWS, true).execute(
      postPageParams({ viewer: { id: 0, role: 'AD' }, tag: search.tag, spaceSlug: search.spaceSlug }),
    );
    return postHeadOf(rows, rows.length === HEAD_ROWS);
  };
  /** A first page of a space or a tag from its kept head, or null (heads off, or a head too short for the viewer). */
  const pageFromKeptHead = async (kind: 'tag' | 'space', search: PostPageSearch): Promise<PostSqlRow[] | null> => {
    const value = kind === 'tag' ? search.tag : search.spaceSlug;
    if (value === undefined || search.before !== undefined || search.take > HEAD_ROWS || !postHeads.enabled) return null;
    const head = await postHeads.kept(headKey(kind, value), () => fillHead(kind, search));
    if (!head) return null;
    // An empty head: no live post at all (an unknown slug, a space or a tag without posts), for every viewer.
    if (head.rows.length === 0) return [];
    return pageFromHead(head, search.viewer, search.take, headViewerStatements(search.take));
  };
  return {
    /**
     * A page of the feed, of one author's, a tag's or a space's posts, with authors and the viewer's
     * likes (prepared statements); a first page of a tag or a space from its kept head when it can.
     */
    async findPostPage(search: PostPageSearch): Promise<PostSqlRow[]> {
      const kind =
        search.authorId !== undefined ? 'author' : search.tag !== undefined ? 'tag' : search.spaceSlug !== undefined ? 'space' : 'feed';
      if (kind === 'tag' || kind === 'space') {
        const fromHead = await pageFromKeptHead(kind, search);
        if (fromHead) return fromHead;
      }
      const statement = postPageStatements(kind, search.take);
      const rows = await statement.execute(postPageParams(search));
      return rows;
    },
    postHeads,
    /** Runs the like toggle statement once (see likeToggleStatement); 'missing' also when the author is hidden from the person. */
    async toggleLikeOnce(postId: number, person: Viewer): Promise<LikeToggle> {
      const userId = person.id;
      const rows = await writeStatements.likeToggle.execute({ postId, userId, seesEveryone: person.role === 'AD' });
      const row = rows[0];
      if (!row) return { outcome: 'missing' };
      if (row.likes_count === null || (!row.added && !row.removed)) return { outcome: 'raced' };
      return {
        outcome: row.added ? 'liked' : 'unliked',
        likesCount: row.likes_count,
        authorId: row.author_id,
        actor: userSummaryFromSql(userId, row),
        authorDelivery: row,
        authorNotified: row.author_notified,
      };
    },
    /** Adds a comment (see commentStatement); null when the post is missing or deleted, or its author hidden from the commenter. */
    async addComment(values: { postId: number; author: Viewer; text: string; createdAt: Date }): Promise<AddedComment | null> {
      const { author, ...comment } = values;
      const userId = author.id;
      const rows = await writeStatements.comment.execute({
        ...comment,
        userId,
        seesEveryone: author.role === 'AD',
        at: values.createdAt.toISOString(),
      });
      const row = rows[0];
      if (!row) return null;
      return {
        comment: {
          id: row.id,
          text: values.text,
          createdAt: values.createdAt,
          postId: values.postId,
          author: userSummaryFromSql(userId, row),
        },
        authorId: row.author_id,
        authorDelivery: row,
      };
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;

/**
 * A person leaves (posts.leave.ts): their likes and comments come off the counters of the posts
 * they were on, in the leave's transaction with their row locked (nothing of theirs lands
 * meanwhile); the rows go with the person's row. post_likes_user_idx and comments_user_idx find them.
 */
export async function releaseLikesAndCommentsOf(db: Executor, personId: number): Promise<void> {
  await db.execute(sql`
    update posts p set likes_count = p.likes_count - mine.n
    from (select post_id, count(*)::int as n from post_likes where user_id = ${personId} group by post_id) mine
    where p.id = mine.post_id`);
  await db.execute(sql`
    update posts p set comments_count = p.comments_count - mine.n
    from (select post_id, count(*)::int as n from comments where user_id = ${personId} group by post_id) mine
    where p.id = mine.post_id`);
}
