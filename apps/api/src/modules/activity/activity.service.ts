import type { ActivityItem, RecentActivity } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { presentUserSummary } from '../users/users.presenter';
import { findNewMembers, findRecentPosts } from './activity.repository';

/**
 * What's New 'recent activity': new members and newest posts, merged newest first. People who
 * turned activity tracking off, or whose profile visibility hides them from the viewer, are left out.
 */
export async function recentActivity(ctx: AppContext, viewer: AuthUser, limit: number): Promise<RecentActivity> {
  const posted = await findRecentPosts(ctx.db, viewer, limit);
  const joined = await findNewMembers(ctx.db, viewer, limit);
  const items: ActivityItem[] = [
    ...posted.map((row): ActivityItem => ({
      kind: 'posted',
      user: presentUserSummary(row.user),
      at: row.at.toISOString(),
      post_id: row.postId,
    })),
    ...joined.map((row): ActivityItem => ({ kind: 'joined', user: presentUserSummary(row.user), at: row.at.toISOString(), post_id: null })),
  ];
  items.sort((a, b) => b.at.localeCompare(a.at));
  return { results: items.slice(0, limit) };
}
