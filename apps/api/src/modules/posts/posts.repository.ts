import type { NotificationType } from '@alumlink/contract';
import { and, asc, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PostReaders } from '../../app-events';
import type { Database, Executor } from '../../db/client';
import { isoTimestampSql, prepareRawStatement, sqlInteger } from '../../db/prepared';
import {
  comments,
  communities,
  communityMembers,
  communityModerators,
  postLikes,
  posts,
  postTags,
  users,
  type CommentRow,
  type PostRow,
} from '../../db/schema/index';
import { beforeParams, type CursorPosition } from '../../lib/pagination';
import { deliveryOfTypeSql, type DeliverySqlRow } from '../notifications/index';
import { type Viewer } from '../settings/visibility';
import { type UserSummaryRow } from '../users/users.presenter';
import { postReadableBySql, postReadableSql } from './posts.policy';
import {
  emailAsSeenBySql,
  userSummaryColumnsFor,
  userSummaryColumnsOfListed,
  userSummaryFromSql,
  userSummarySqlColumns,
  type UserSummarySqlRow,
} from '../users/index';

/** A live post with its author and whether the viewer likes it. */
export type PostListRow = Pick<PostRow, 'id' | 'caption' | 'image' | 'likesCount' | 'commentsCount' | 'createdAt'> & {
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
    liked: likedBySql(viewerId),
    author: userSummaryColumnsOfListed(viewerId, seesEveryone),
  };
}

/** Which posts a page lists: the feed (everything the viewer may see), one author's posts, one tag's, or one space's. */
export type PostPageKind = 'feed' | 'author' | 'tag' | 'community';

/**
 * "The viewer likes this post". A scalar subquery, not EXISTS: PostgreSQL may turn EXISTS into one
 * hashed scan of all of the viewer's likes (about 50 heap pages for an active person), where this
 * probes post_likes_pkey once per listed post; 0.16 against 0.22 ms per feed page at default bench
 * scale (pgbench).
 */
function likedBySql(viewerId: number | Placeholder): SQL<boolean> {
  return sql<boolean>`(select true from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId}::integer limit 1) is not null`;
}

/** A listed post as postPageQuery answers it: the post, the viewer's like, the author's summary. */
export type PostSqlRow = UserSummarySqlRow & {
  id: number;
  caption: string;
  post_image: string | null;
  likes_count: number;
  comments_count: number;
  /** ISO 8601, as Date.prototype.toISOString writes it (isoTimestampSql). */
  created_at: string;
  liked: boolean;
  author_id: number;
};

/**
 * A page of `take` live posts newest first, before a (created_at, id) position, as raw SQL with
 * placeholders (viewerId, seesEveryone, authorId, beforeAt, beforeId), so it is prepared once per
 * page size: the feed walks posts_feed_idx, one author's page posts_user_created_idx. Its rows
 * skip drizzle's mapping and come with their time as text: on the feed, mapping rows and parsing
 * and formatting dates were a sixth of the worker's CPU (profiled; `git log -p docs/performance.md`).
 * The page size is part of the text (sqlInteger), so PostgreSQL keeps the generic plan. The
 * first page uses the position ('infinity', MAX_ID), after every post (beforeParams). One
 * author's page checks that the viewer may see the author once (the rule reads only parameters,
 * so PostgreSQL evaluates it once per statement) and is empty when not: the service then tells a
 * hidden person from one without posts, in a second round trip only for an empty page.
 */
export function postPageQuery(kind: PostPageKind, take: number): SQL {
  const viewerId = sql.placeholder('viewerId');
  const authorId = sql`${sql.placeholder('authorId')}::integer`;
  const seesEveryone = sql`${sql.placeholder('seesEveryone')}::boolean`;
  const communityId = sql`${sql.placeholder('communityId')}::integer`;
  // One rule for every kind (posts.policy.ts); the author's or space's id is the parameter where known.
  const readable = postReadableSql(viewerId, seesEveryone, {
    userId: kind === 'author' ? authorId : posts.userId,
    communityId: kind === 'community' ? communityId : posts.communityId,
  });
  const which =
    kind === 'author'
      ? sql`${posts.userId} = ${authorId} and ${readable}`
      : kind === 'community'
        ? sql`${posts.communityId} = ${communityId} and ${readable}`
        : readable;
  // A tag's page walks post_tags_tag_created_idx (the post's time is copied there) and fetches each post by id.
  const tagged = kind === 'tag';
  const from = tagged
    ? sql`${postTags} inner join ${posts} on ${posts.id} = ${postTags.postId} and ${postTags.tag} = ${sql.placeholder('tag')}::text`
    : sql`${posts}`;
  const orderAt = tagged ? postTags.createdAt : posts.createdAt;
  const orderId = tagged ? postTags.postId : posts.id;
  return sql`
    select ${posts.id} as id, ${posts.caption} as caption, ${posts.image} as post_image, ${posts.likesCount} as likes_count,
      ${posts.commentsCount} as comments_count, ${isoTimestampSql(posts.createdAt)} as created_at, ${likedBySql(viewerId)} as liked,
      ${users.id} as author_id, ${users.username} as username, ${emailAsSeenBySql(viewerId, sql.placeholder('seesEveryone'))} as email,
      ${users.firstName} as first_name, ${users.lastName} as last_name, ${users.handle} as handle, ${users.role} as role, ${users.image} as image
    from ${from} inner join ${users} on ${users.id} = ${posts.userId}
    where ${posts.deletedAt} is null
      and (${orderAt}, ${orderId}) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::integer)
      and ${which}
    order by ${orderAt} desc, ${orderId} desc
    limit ${sqlInteger(take)}`;
}

/** One prepared statement per kind and page size, made on first use (page sizes are bounded by LIMITS.pageMax). */
const preparePostPageStatements = (db: Database) => {
  const statements = new Map<string, ReturnType<typeof prepareRawStatement<PostSqlRow>>>();
  return (kind: PostPageKind, take: number) => {
    const name = `posts_${kind}_page_${take}`;
    let statement = statements.get(name);
    if (!statement) {
      statement = prepareRawStatement<PostSqlRow>(db, name, postPageQuery(kind, take));
      statements.set(name, statement);
    }
    return statement;
  };
};

export type PostPageSearch = {
  viewer: Viewer;
  /** One author's posts; omitted: the feed. */
  authorId?: number;
  /** Only the posts carrying this tag (lower-cased); not with authorId. */
  tag?: string;
  /** Only the posts made in this space; not with authorId or tag. */
  communityId?: number;
  /** Posts strictly older than this position (newest-first keyset); omitted: the first page. */
  before?: CursorPosition;
  take: number;
};

/** The placeholders of postPageQuery for a search (its page size is postPageQuery's `take`). */
export function postPageParams(search: Omit<PostPageSearch, 'take'>) {
  return {
    viewerId: search.viewer.id,
    seesEveryone: search.viewer.role === 'AD',
    authorId: search.authorId ?? 0,
    tag: search.tag ?? '',
    communityId: search.communityId ?? 0,
    ...beforeParams(search.before),
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

/** Placeholders of the like and comment statements, typed for PostgreSQL. */
const input = {
  postId: sql`${sql.placeholder('postId')}::integer`,
  userId: sql`${sql.placeholder('userId')}::integer`,
  seesEveryone: sql`${sql.placeholder('seesEveryone')}::boolean`,
  text: sql`${sql.placeholder('text')}::text`,
  at: sql`${sql.placeholder('at')}::timestamptz`,
};

/**
 * "The acting person may read the post" (postReadableSql) inside a write statement on `posts`:
 * the route's 404 for hidden posts (requireVisiblePost) without a round trip of its own.
 */
const postVisibleToActor = postReadableSql(sql.placeholder('userId'), input.seesEveryone, {
  userId: sql`posts.user_id`,
  communityId: sql`posts.community_id`,
});

/**
 * Inside the like and comment statements: how the post's author receives a notification of this
 * type caused by the acting person (deliverySql), read in the same round trip.
 */
function authorDeliverySql(type: NotificationType): SQL {
  return deliveryOfTypeSql(sql`post.user_id`, type, input.userId);
}

/**
 * A whole like toggle in one statement (one round trip, one implicit transaction) on a live post
 * whose author the person may see: the like is removed when present, else added; likes_count
 * moves by the rows actually removed or added. It answers what it did, the new count, the post's
 * author, the actor's summary, the author's delivery (for the notification) and whether an unread
 * notification of this person's like of this post already tells the author
 * (notifications_unread_post_idx); no row when the post is missing or deleted.
 *
 * Simultaneous toggles by one person on one post queue on the like row (the delete waits for
 * a removal in progress, the insert for an addition in progress), so they act one after the
 * other: a toggle that finds the row removed meanwhile adds it again. Only one case does
 * nothing: the like row was added by a toggle that committed after this statement began (not
 * visible to it, so not removed; there, so not added). toggleLike then runs the statement again,
 * which sees that row and removes it.
 */
const likeToggleStatement = sql`
  with post as (
    select id, user_id from posts where id = ${input.postId} and deleted_at is null and ${postVisibleToActor}
  ),
  removed as (
    delete from post_likes where post_id = (select id from post) and user_id = ${input.userId}
    returning post_id
  ),
  added as (
    insert into post_likes (post_id, user_id)
    select id, ${input.userId} from post where not exists (select from removed)
    on conflict do nothing
    returning post_id
  ),
  counted as (
    update posts set likes_count = likes_count + (select count(*) from added) - (select count(*) from removed)
    where id = (select id from post) and (exists (select from added) or exists (select from removed))
    returning likes_count
  )
  select post.user_id as author_id, exists (select from added) as added, exists (select from removed) as removed,
    (select likes_count from counted) as likes_count,
    exists (select from added) and exists (
      select from notifications n
      where n.user_id = post.user_id and n.post_id = post.id and n.actor_id = ${input.userId}
        and n.type = 'post_liked' and n.read_at is null
    ) as author_notified,
    ${userSummarySqlColumns}, delivery.*
  from post cross join users u
    left join lateral (${authorDeliverySql('post_liked')}) delivery on true
  where u.id = ${input.userId}`;

type LikeToggleRow = UserSummarySqlRow &
  DeliverySqlRow & { author_id: number; added: boolean; removed: boolean; likes_count: number | null; author_notified: boolean };

/**
 * A comment on a live post whose author the person may see and its count, in one statement: counting first locks the post row,
 * so a comment never lands on a post deleted meanwhile (the update re-checks deleted_at and the
 * insert then has no row to add). Answers the comment, the post's author, the commenter's
 * summary and the author's delivery (for the notification); no row when the post is missing or deleted.
 */
const commentStatement = sql`
  with post as (
    update posts set comments_count = comments_count + 1
    where id = ${input.postId} and deleted_at is null and ${postVisibleToActor}
    returning id, user_id
  ),
  comment as (
    insert into comments (post_id, user_id, text, created_at)
    select id, ${input.userId}, ${input.text}, ${input.at} from post
    returning id
  )
  select comment.id, post.user_id as author_id, ${userSummarySqlColumns}, delivery.*
  from comment cross join post cross join users u
    left join lateral (${authorDeliverySql('post_commented')}) delivery on true
  where u.id = ${input.userId}`;

type CommentStatementRow = UserSummarySqlRow & DeliverySqlRow & { id: number; author_id: number };

const prepareWriteStatements = (db: Database) => ({
  likeToggle: prepareRawStatement<LikeToggleRow>(db, 'posts_like_toggle', likeToggleStatement),
  comment: prepareRawStatement<CommentStatementRow>(db, 'posts_comment', commentStatement),
});

/** The SQL of the like toggle and comment statements (tests EXPLAIN them). */
export const postWriteStatements = { likeToggle: likeToggleStatement, comment: commentStatement };

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

/** A comment with its author. */
export type CommentListRow = Pick<CommentRow, 'id' | 'text' | 'createdAt' | 'postId'> & { author: UserSummaryRow };

/** Comments of a post oldest first (keyset after `after`), served by comments_post_created_idx; commenters' e-mails as the viewer may read them. */
export function findComments(db: Executor, search: CommentSearch): Promise<CommentListRow[]> {
  return commentsQuery(db, search).execute();
}

export type CommentSearch = { viewer: Viewer; postId: number; after?: CursorPosition; commentId?: number; take: number };

/** The query of findComments, unexecuted (tests EXPLAIN it). */
export function commentsQuery(db: Executor, search: CommentSearch) {
  const conditions: SQL[] = [eq(comments.postId, search.postId)];
  if (search.commentId !== undefined) conditions.push(eq(comments.id, search.commentId));
  if (search.after) {
    const { at, id } = search.after;
    conditions.push(sql`(${comments.createdAt}, ${comments.id}) > (${at.toISOString()}::timestamptz, ${id})`);
  }
  return db
    .select({
      id: comments.id,
      text: comments.text,
      createdAt: comments.createdAt,
      postId: comments.postId,
      author: userSummaryColumnsFor(search.viewer),
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(...conditions))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(search.take);
}

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
export function createPostsRepository(db: Database) {
  const postPageStatements = preparePostPageStatements(db);
  const writeStatements = prepareWriteStatements(db);
  return {
    /** A page of the feed or of one author's posts, with authors and the viewer's likes (prepared statements). */
    async findPostPage(search: PostPageSearch): Promise<PostSqlRow[]> {
      const kind =
        search.authorId !== undefined
          ? 'author'
          : search.tag !== undefined
            ? 'tag'
            : search.communityId !== undefined
              ? 'community'
              : 'feed';
      const statement = postPageStatements(kind, search.take);
      const rows = await statement.execute(postPageParams(search));
      return rows;
    },
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
