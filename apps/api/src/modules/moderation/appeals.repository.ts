import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { moderationAppeals, posts, users, type ModerationAppealRow, type PostRow } from '../../db/schema/index';
import type { CursorPosition } from '../../lib/pagination';
import type { AppealStatus } from '@alumlink/contract';
import { moderatedPostAuthorColumns, moderatedPostColumns, type ModeratedPostRow } from './moderated-post';

/** A post with what an appeal needs to know about its removal (live or removed). */
export async function findPostRemoval(
  db: Executor,
  postId: number,
): Promise<Pick<PostRow, 'id' | 'userId' | 'caption' | 'image' | 'deletedAt' | 'deleteReason'> | null> {
  const [row] = await db
    .select({
      id: posts.id,
      userId: posts.userId,
      caption: posts.caption,
      image: posts.image,
      deletedAt: posts.deletedAt,
      deleteReason: posts.deleteReason,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  return row ?? null;
}

export async function findAppealOfPost(db: Executor, postId: number): Promise<ModerationAppealRow | null> {
  const [row] = await db.select().from(moderationAppeals).where(eq(moderationAppeals.postId, postId)).limit(1);
  return row ?? null;
}

/** Stores the appeal; null when the post already has one (the unique index decides, so a racing second one loses). */
export async function insertAppeal(
  db: Executor,
  values: { postId: number; authorId: number; text: string; reason: string; removedAt: Date },
): Promise<ModerationAppealRow | null> {
  const [row] = await db.insert(moderationAppeals).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export type AdminAppealRow = ModerationAppealRow & { post: ModeratedPostRow };

/** Appeals of one status oldest first (keyset after `after`), with their posts: moderation_appeals_status_created_idx. */
export function findAppeals(
  db: Executor,
  search: { status: AppealStatus; after?: CursorPosition; take: number },
): Promise<AdminAppealRow[]> {
  const conditions: SQL[] = [eq(moderationAppeals.status, search.status)];
  if (search.after) {
    const { at, id } = search.after;
    conditions.push(sql`(${moderationAppeals.createdAt}, ${moderationAppeals.id}) > (${at.toISOString()}::timestamptz, ${id}::int)`);
  }
  return appealsQuery(db, conditions, search.take).then((rows) => rows.map(toAdminAppealRow));
}

/** The query of findAppeals (tests EXPLAIN it). */
export function appealsQuery(db: Executor, conditions: SQL[], take: number) {
  return db
    .select({
      id: moderationAppeals.id,
      postId: moderationAppeals.postId,
      authorId: moderationAppeals.authorId,
      text: moderationAppeals.text,
      reason: moderationAppeals.reason,
      removedAt: moderationAppeals.removedAt,
      status: moderationAppeals.status,
      reply: moderationAppeals.reply,
      decidedBy: moderationAppeals.decidedBy,
      decidedAt: moderationAppeals.decidedAt,
      createdAt: moderationAppeals.createdAt,
      post: moderatedPostColumns,
      author: moderatedPostAuthorColumns,
    })
    .from(moderationAppeals)
    .innerJoin(posts, eq(posts.id, moderationAppeals.postId))
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(...conditions))
    .orderBy(asc(moderationAppeals.createdAt), asc(moderationAppeals.id))
    .limit(take);
}

function toAdminAppealRow({ post, author, ...appeal }: Awaited<ReturnType<typeof appealsQuery>>[number]): AdminAppealRow {
  return { ...appeal, post: { ...post, author } };
}

/** Decides an open appeal (only one decision wins when two moderators race); null when unknown or already decided. */
export async function markAppealDecided(
  db: Executor,
  appealId: number,
  decision: { status: 'upheld' | 'restored'; reply: string; by: number; at: Date },
): Promise<ModerationAppealRow | null> {
  const [row] = await db
    .update(moderationAppeals)
    .set({ status: decision.status, reply: decision.reply, decidedBy: decision.by, decidedAt: decision.at })
    .where(and(eq(moderationAppeals.id, appealId), eq(moderationAppeals.status, 'open')))
    .returning();
  return row ?? null;
}

/**
 * Brings a moderated post back as it was: its likes, comments and counters never left (removal is
 * soft), so clearing the removal is enough. Answers its image key; null when it is not removed.
 */
export async function restoreRemovedPost(db: Executor, postId: number): Promise<{ image: string | null } | null> {
  const [row] = await db
    .update(posts)
    .set({ deletedAt: null, deletedBy: null, deleteReason: null })
    .where(and(eq(posts.id, postId), isNotNull(posts.deletedAt), isNotNull(posts.deleteReason)))
    .returning({ image: posts.image });
  return row ?? null;
}

/** One appeal with its post (primary key). */
export async function findAppealById(db: Executor, appealId: number): Promise<AdminAppealRow | null> {
  const [row] = await appealsQuery(db, [eq(moderationAppeals.id, appealId)], 1);
  return row ? toAdminAppealRow(row) : null;
}
