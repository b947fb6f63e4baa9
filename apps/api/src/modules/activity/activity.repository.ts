import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { posts, users } from '../../db/schema/index';
import { postReadableBySql } from '../posts/posts.policy';
import { tracksActivitySql, visibleToSql, type Viewer } from '../settings/visibility';
import { type UserSummaryRow } from '../users/users.presenter';
import { userSummaryColumnsOfListed } from '../users/index';

export type PostedRow = { postId: number; at: Date; user: UserSummaryRow };
export type JoinedRow = { at: Date; user: UserSummaryRow };

/** Newest live posts of people who track activity, that the viewer may read (postReadableSql; posts_feed_idx). */
export function recentPostsQuery(db: Executor, viewer: Viewer, take: number) {
  return db
    .select({ postId: posts.id, at: posts.createdAt, user: userSummaryColumnsOfListed(viewer.id, viewer.role === 'AD') })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(isNull(posts.deletedAt), eq(users.isActive, true), tracksActivitySql(posts.userId), postReadableBySql(viewer, posts)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(take);
}

/** Newest verified, active members who track activity and whom the viewer may see (users_created_idx). */
export function newMembersQuery(db: Executor, viewer: Viewer, take: number) {
  return db
    .select({ at: users.createdAt, user: userSummaryColumnsOfListed(viewer.id, viewer.role === 'AD') })
    .from(users)
    .where(and(eq(users.isActive, true), isNotNull(users.emailVerifiedAt), tracksActivitySql(users.id), visibleToSql(viewer, users.id)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(take);
}

export function findRecentPosts(db: Executor, viewer: Viewer, take: number): Promise<PostedRow[]> {
  return recentPostsQuery(db, viewer, take).execute();
}

export function findNewMembers(db: Executor, viewer: Viewer, take: number): Promise<JoinedRow[]> {
  return newMembersQuery(db, viewer, take).execute();
}
