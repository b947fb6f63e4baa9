import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { moderationAppeals, postReports, posts } from '../../db/schema/index';

/**
 * How many rows the open queues hold: live posts with open reports (post_reports_status_post_idx)
 * and open appeals (moderation_appeals_status_created_idx). One statement.
 */
export async function countOpenQueues(db: Executor): Promise<{ reports: number; appeals: number }> {
  const reportedPosts = db
    .selectDistinct({ postId: postReports.postId })
    .from(postReports)
    .innerJoin(posts, eq(posts.id, postReports.postId))
    .where(and(eq(postReports.status, 'open'), isNull(posts.deletedAt)));
  const openAppeals = db.select({ id: moderationAppeals.id }).from(moderationAppeals).where(eq(moderationAppeals.status, 'open'));
  const [row] = await db
    .select({
      reports: sql<number>`(select count(*)::int from (${reportedPosts}) as reported)`,
      appeals: sql<number>`(select count(*)::int from (${openAppeals}) as open_appeals)`,
    })
    .from(sql`(select 1) as one`);
  return { reports: Number(row?.reports ?? 0), appeals: Number(row?.appeals ?? 0) };
}

/** The stored image key of a post, live or removed; null when the post has none or does not exist. */
export async function findPostImageKey(db: Executor, postId: number): Promise<string | null> {
  const [row] = await db.select({ image: posts.image }).from(posts).where(eq(posts.id, postId)).limit(1);
  return row?.image ?? null;
}
