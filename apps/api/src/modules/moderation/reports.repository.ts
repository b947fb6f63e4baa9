import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { postReports, posts, users } from '../../db/schema/index';
import type { ReportStatus } from '@alumlink/contract';
import { moderatedPostAuthorColumns, moderatedPostColumns, type ModeratedPostRow } from './moderated-post';

/** Stores a report; null when this person already reported the post (the unique index decides, so racing duplicates lose too). */
export async function insertReport(
  db: Executor,
  values: { postId: number; reporterId: number; reason: string; note: string | null },
): Promise<{ id: number } | null> {
  const [row] = await db.insert(postReports).values(values).onConflictDoNothing().returning({ id: postReports.id });
  return row ?? null;
}

/** Where a page of the queue starts: after this (count, newest report, post id), in descending order. */
export type QueuePosition = { count: number; at: Date; postId: number };

export type ReportedPostRow = { post: ModeratedPostRow; count: number; latestAt: Date };

/**
 * Posts with reports of `status`, grouped: most reports first, then the most recently reported.
 * Open reports count only on live posts (an author who deleted their post ended the matter).
 * Walks post_reports_status_post_idx for the status; the groups are few (reports get closed).
 */
export async function findReportedPosts(
  db: Executor,
  search: { status: ReportStatus; after?: QueuePosition; take: number },
): Promise<ReportedPostRow[]> {
  const grouped = db
    .select({
      postId: postReports.postId,
      count: sql<number>`count(*)::int`.as('report_count'),
      latestAt: sql<Date>`max(${postReports.createdAt})`.as('latest_at'),
    })
    .from(postReports)
    .where(eq(postReports.status, search.status))
    .groupBy(postReports.postId)
    .as('grouped');
  const conditions: SQL[] = [];
  if (search.status === 'open') conditions.push(isNull(posts.deletedAt));
  if (search.after) {
    const { count, at, postId } = search.after;
    conditions.push(
      sql`(${grouped.count}, ${grouped.latestAt}, ${grouped.postId}) < (${count}::int, ${at.toISOString()}::timestamptz, ${postId}::int)`,
    );
  }
  const rows = await db
    .select({ post: moderatedPostColumns, author: moderatedPostAuthorColumns, count: grouped.count, latestAt: grouped.latestAt })
    .from(grouped)
    .innerJoin(posts, eq(posts.id, grouped.postId))
    .innerJoin(users, eq(users.id, posts.userId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(grouped.count), desc(grouped.latestAt), desc(grouped.postId))
    .limit(search.take);
  // A raw aggregate comes back as text on some drivers.
  return rows.map((row) => ({
    post: { ...row.post, author: row.author },
    count: Number(row.count),
    latestAt: new Date(row.latestAt as string | Date),
  }));
}

/** The reasons (with counts) and the latest notes of the given posts' reports of one status. */
export async function findReportDetails(
  db: Executor,
  postIds: number[],
  status: ReportStatus,
): Promise<{ reasons: { postId: number; reason: string; count: number }[]; notes: { postId: number; note: string }[] }> {
  if (postIds.length === 0) return { reasons: [], notes: [] };
  const where = and(eq(postReports.status, status), inArray(postReports.postId, postIds));
  const reasons = await db
    .select({ postId: postReports.postId, reason: postReports.reason, count: sql<number>`count(*)::int` })
    .from(postReports)
    .where(where)
    .groupBy(postReports.postId, postReports.reason)
    .orderBy(desc(sql`count(*)`), postReports.reason);
  const notes = await db
    .select({ postId: postReports.postId, note: sql<string>`${postReports.note}` })
    .from(postReports)
    .where(and(where, sql`${postReports.note} is not null`))
    .orderBy(desc(postReports.createdAt), desc(postReports.id));
  return { reasons, notes };
}

/** Closes a post's open reports (dismissed or actioned by a moderator); answers how many. */
export async function closeOpenReports(
  db: Executor,
  postId: number,
  closing: { status: Exclude<ReportStatus, 'open'>; by: number; at: Date },
): Promise<number> {
  const rows = await db
    .update(postReports)
    .set({ status: closing.status, resolvedBy: closing.by, resolvedAt: closing.at })
    .where(and(eq(postReports.postId, postId), eq(postReports.status, 'open')))
    .returning({ id: postReports.id });
  return rows.length;
}

/** A post with the author fields the audit label needs (live or not). */
export async function findPostForAudit(db: Executor, postId: number) {
  const [row] = await db
    .select({
      id: posts.id,
      caption: posts.caption,
      author: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(eq(posts.id, postId))
    .limit(1);
  return row ?? null;
}
