import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isoTimestampSql, prepareRawStatement, sqlInteger } from '../../db/prepared';
import { communities, postLikes, posts, postTags, users } from '../../db/schema/index';
import { beforeParams, type CursorPosition } from '../../lib/pagination';
import { type Viewer } from '../settings/visibility';
import { emailAsSeenBySql, type UserSummarySqlRow } from '../users/index';
import { communityRowReadableSql, postReadableInSpaceSql, spaceReadableForManySpacesSql, spaceReadableSql } from './posts.policy';

/** The space of a space's page, read once per statement (its id, and whether the viewer may be in it). */
const spaceOfSlug = sql.raw('space_of_slug');

/** Which posts a page lists: the feed (everything the viewer may see), one author's posts, one tag's, or one space's (by slug). */
export type PostPageKind = 'feed' | 'author' | 'tag' | 'space';

/**
 * "The viewer likes this post". A scalar subquery, not EXISTS: PostgreSQL may turn EXISTS into one
 * hashed scan of all of the viewer's likes (about 50 heap pages for an active person), where this
 * probes post_likes_pkey once per listed post; 0.16 against 0.22 ms per feed page at default bench
 * scale (pgbench).
 */
export function likedBySql(viewerId: number | Placeholder): SQL<boolean> {
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
  /** ISO 8601 of the last edit, or null. */
  edited_at: string | null;
  liked: boolean;
  author_id: number;
  /** A space's or a tag's page: the space the post was made in, or null (the read rule's input, for a kept head; not shown). */
  community_id?: number | null;
};

/**
 * A page of `take` live posts newest first, before a (created_at, id) position, as raw SQL with
 * placeholders (viewerId, seesEveryone, authorId, tag, slug, beforeAt, beforeId), so it is prepared
 * once per page size: the feed walks posts_feed_idx, one author's page posts_user_created_idx, a
 * space's page posts_community_created_idx. Its rows
 * skip drizzle's mapping and come with their time as text: on the feed, mapping rows and parsing
 * and formatting dates were a sixth of the worker's CPU (profiled; `git log -p docs/performance.md`).
 * The page size is part of the text (sqlInteger), so PostgreSQL keeps the generic plan. The
 * first page uses the position ('infinity', MAX_ID), after every post (beforeParams). One
 * author's page checks that the viewer may see the author once (the rule reads only parameters,
 * so PostgreSQL evaluates it once per statement) and is empty when not: the service then tells a
 * hidden person from one without posts, in a second round trip only for an empty page. A space's
 * page finds the space by its slug in the same statement, reading its row once (a CTE: before, the
 * slug's lookup was written three times and each ran), so an unknown slug lists nothing: the caller
 * tells it from an empty space for an empty page alone. A tag's page walks post_tags_tag_created_idx
 * and reads the members-only spaces once (decision 060).
 */
export function postPageQuery(kind: PostPageKind, take: number, forHead = false): SQL {
  const viewerId = sql.placeholder('viewerId');
  const authorId = sql`${sql.placeholder('authorId')}::integer`;
  const seesEveryone = sql`${sql.placeholder('seesEveryone')}::boolean`;
  // One rule for every kind (posts.policy.ts), its "may be in the post's space" part read the
  // cheapest way for the kind: a space's page reads the space's row once (the CTE, its id and the
  // viewer's access, which every post of the page shares); a tag's page, whose posts come from many
  // spaces, reads the members-only spaces once (spaceReadableForManySpacesSql); the feed and an
  // author's page read the space of each post made in one (spaceReadableSql).
  const spaceReadable =
    kind === 'space'
      ? sql`coalesce((select readable from ${spaceOfSlug}), false)`
      : kind === 'tag'
        ? spaceReadableForManySpacesSql(viewerId, posts.communityId)
        : spaceReadableSql(viewerId, posts.communityId);
  // A kept head (post-heads.ts) is read as an administrator reads the page, with no viewer's part:
  // every live post, no like, the e-mail as stored; the viewer's part is read per request.
  const readable = forHead
    ? sql`true`
    : postReadableInSpaceSql(viewerId, seesEveryone, kind === 'author' ? authorId : posts.userId, spaceReadable);
  const which =
    kind === 'author'
      ? sql`${posts.userId} = ${authorId} and ${readable}`
      : kind === 'space'
        ? sql`${posts.communityId} = (select id from ${spaceOfSlug}) and ${readable}`
        : readable;
  const space =
    kind === 'space'
      ? sql`with ${spaceOfSlug} as materialized (
      select ${communities.id} as id, ${communityRowReadableSql(viewerId)} as readable
      from ${communities} where ${communities.slug} = ${sql.placeholder('slug')}::text)
    `
      : sql``;
  // A tag's page walks post_tags_tag_created_idx (the post's time is copied there) and fetches each post by id.
  const tagged = kind === 'tag';
  const from = tagged
    ? sql`${postTags} inner join ${posts} on ${posts.id} = ${postTags.postId} and ${postTags.tag} = ${sql.placeholder('tag')}::text`
    : sql`${posts}`;
  const orderAt = tagged ? postTags.createdAt : posts.createdAt;
  const orderId = tagged ? postTags.postId : posts.id;
  return sql`${space}
    select ${posts.id} as id, ${posts.caption} as caption, ${posts.image} as post_image, ${posts.likesCount} as likes_count,
      ${posts.commentsCount} as comments_count, ${isoTimestampSql(posts.createdAt)} as created_at, ${isoTimestampSql(posts.editedAt)} as edited_at,
      ${forHead ? sql`false` : likedBySql(viewerId)} as liked,
      ${kind === 'tag' || kind === 'space' ? sql`${posts.communityId} as community_id, ` : sql``}${users.id} as author_id, ${users.username} as username, ${forHead ? users.email : emailAsSeenBySql(viewerId, sql.placeholder('seesEveryone'))} as email,
      ${users.firstName} as first_name, ${users.lastName} as last_name, ${users.handle} as handle, ${users.role} as role, ${users.image} as image
    from ${from} inner join ${users} on ${users.id} = ${posts.userId}
    where ${posts.deletedAt} is null
      and (${orderAt}, ${orderId}) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::integer)
      and ${which}
    order by ${orderAt} desc, ${orderId} desc
    limit ${sqlInteger(take)}`;
}

/** One prepared statement per kind and page size, made on first use (page sizes are bounded by LIMITS.pageMax). */
export const preparePostPageStatements = (db: Database) => {
  const statements = new Map<string, ReturnType<typeof prepareRawStatement<PostSqlRow>>>();
  return (kind: PostPageKind, take: number, forHead = false) => {
    const name = `posts_${kind}_${forHead ? 'head' : 'page'}_${take}`;
    let statement = statements.get(name);
    if (!statement) {
      statement = prepareRawStatement<PostSqlRow>(db, name, postPageQuery(kind, take, forHead));
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
  /** Only the posts made in the space of this slug; not with authorId or tag. */
  spaceSlug?: string;
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
    slug: search.spaceSlug ?? '',
    ...beforeParams(search.before),
  };
}
