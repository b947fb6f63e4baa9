import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { communities, communityMembers, communityModerators } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';
import { visibleToViewerIdSql, type Viewer } from '../settings/visibility';

export type PostAction = 'delete' | 'edit';

/** Who may do what to a post (or a comment: its author) through the posts routes (moderators use the admin and space routes). */
export function canOnPost(user: AuthUser, action: PostAction, post: { userId: number }): boolean {
  switch (action) {
    case 'delete':
    case 'edit':
      return post.userId === user.id;
  }
}

/** The columns of a post the read rule looks at (a column, a parameter or a placeholder each). */
export type PostReadColumns = { userId: SQLWrapper; communityId: SQLWrapper };

/**
 * "The viewer may be in the space the post was made in": no space, a public space, or one the
 * viewer is a member or moderator of (primary-key probes; the space's row is read once per post).
 */
export function spaceReadableSql(viewerId: number | Placeholder | SQLWrapper, communityId: SQLWrapper): SQL {
  return sql`(${communityId} is null or coalesce((
    select ${communityRowReadableSql(viewerId)}
    from ${communities} where ${communities.id} = ${communityId}
  ), false))`;
}

/**
 * spaceReadableSql written for a list whose posts come from many spaces (a tag's page): the
 * members-only spaces are read once per statement, into a hashed set, and only a post of one of
 * them probes the viewer's membership, where spaceReadableSql reads the post's space row for every
 * post made in a space. The same answer: a space is public or members-only (a check constraint),
 * and a post's space exists (a foreign key). The set holds every members-only space, so this form
 * suits lists that meet many spaces; pages of one space read it once (postPageQuery).
 */
export function spaceReadableForManySpacesSql(viewerId: number | Placeholder | SQLWrapper, communityId: SQLWrapper): SQL {
  return sql`(${communityId} is null
    or ${communityId} not in (select ${communities.id} from ${communities} where ${communities.visibility} = 'members')
    or ${memberOrModeratorSql(viewerId, communityId)})`;
}

/** "The viewer is a member or a moderator of the space": the way into a members-only space. */
function memberOrModeratorSql(viewerId: number | Placeholder | SQLWrapper, communityId: SQLWrapper): SQL {
  return sql`(exists (select from ${communityMembers} where ${communityMembers.communityId} = ${communityId} and ${communityMembers.userId} = ${viewerId}::integer)
    or exists (select from ${communityModerators} where ${communityModerators.communityId} = ${communityId} and ${communityModerators.userId} = ${viewerId}::integer))`;
}

/**
 * Inside a select from communities: "the viewer may be in this space" (spaceReadableSql's test of
 * the space's row), for a statement that reads the space's row itself (a space's page reads it once).
 */
export function communityRowReadableSql(viewerId: number | Placeholder | SQLWrapper): SQL<boolean> {
  return sql<boolean>`(${communities.visibility} = 'public' or ${memberOrModeratorSql(viewerId, communities.id)})`;
}

/**
 * THE rule of who reads a post (decision 034), on every route that shows posts or anything of
 * them (feeds, a post, comments, likes, tags, search, activity, notifications, sockets): the
 * viewer sees everyone (administrators), is its author (who keeps reading it after leaving the
 * space), or may see its author (profile visibility) and may be in its space (spaceReadableSql). `seesEveryone` is SQL so prepared statements pass a placeholder.
 */
export function postReadableSql(viewerId: number | Placeholder | SQLWrapper, seesEveryone: SQLWrapper, post: PostReadColumns): SQL {
  return postReadableInSpaceSql(viewerId, seesEveryone, post.userId, spaceReadableSql(viewerId, post.communityId));
}

/**
 * postReadableSql with "the viewer may be in the post's space" given: spaceReadableSql's answer,
 * read once where every post is of one known space (a space's page), or an equal form
 * (spaceReadableForManySpacesSql, a tag's page).
 */
export function postReadableInSpaceSql(
  viewerId: number | Placeholder | SQLWrapper,
  seesEveryone: SQLWrapper,
  userId: SQLWrapper,
  spaceReadable: SQLWrapper,
): SQL {
  // The space first: on a space's page it is one value for every post, and when false no post's author is probed.
  return sql`(${seesEveryone} or ${userId} = ${viewerId}::integer or (${spaceReadable} and ${visibleToViewerIdSql(viewerId, userId)}))`;
}

/** postReadableSql for a known viewer: undefined for administrators (no condition), like visibleToSql. */
export function postReadableBySql(viewer: Viewer, post: PostReadColumns): SQL | undefined {
  if (viewer.role === 'AD') return undefined;
  return postReadableSql(viewer.id, sql`false`, post);
}
