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
    select ${communities.visibility} = 'public'
      or exists (select from ${communityMembers} where ${communityMembers.communityId} = ${communities.id} and ${communityMembers.userId} = ${viewerId}::integer)
      or exists (select from ${communityModerators} where ${communityModerators.communityId} = ${communities.id} and ${communityModerators.userId} = ${viewerId}::integer)
    from ${communities} where ${communities.id} = ${communityId}
  ), false))`;
}

/**
 * THE rule of who reads a post (decision 034), on every route that shows posts or anything of
 * them (feeds, a post, comments, likes, tags, search, activity, notifications, sockets): the
 * viewer sees everyone (administrators), is its author (who keeps reading it after leaving the
 * space), or may see its author (profile visibility) and may be in its space (spaceReadableSql). `seesEveryone` is SQL so prepared statements pass a placeholder.
 */
export function postReadableSql(viewerId: number | Placeholder | SQLWrapper, seesEveryone: SQLWrapper, post: PostReadColumns): SQL {
  return sql`(${seesEveryone} or ${post.userId} = ${viewerId}::integer or (${visibleToViewerIdSql(viewerId, post.userId)} and ${spaceReadableSql(viewerId, post.communityId)}))`;
}

/** postReadableSql for a known viewer: undefined for administrators (no condition), like visibleToSql. */
export function postReadableBySql(viewer: Viewer, post: PostReadColumns): SQL | undefined {
  if (viewer.role === 'AD') return undefined;
  return postReadableSql(viewer.id, sql`false`, post);
}
