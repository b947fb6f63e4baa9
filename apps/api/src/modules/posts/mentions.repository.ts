import { and, eq, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { commentMentions, postMentions, users } from '../../db/schema/index';
import { visibleToSql, visibleToViewerIdSql, type Viewer } from '../settings/visibility';

/** Where a text is: a post's caption, or a comment on a post. */
export type MentionPlace = { postId: number; postAuthorId: number; commentId?: number };

/**
 * Condition "the person `personId` may read a text under the post of `postAuthorId`": the post's
 * visibility is its author's profile visibility (the feed's rule). The one place a mention asks
 * who may read a text (members-only spaces add their rule here).
 */
export function mayReadPostSql(personId: SQLWrapper, postAuthorId: number): SQL {
  return visibleToViewerIdSql(personId, sql`${postAuthorId}::integer`);
}

/**
 * The active people named by `usernames` (current usernames, case-insensitive; never an old
 * alias, which may come from an e-mail) whom the writer may see, other than the writer, who may
 * read the text: those a mention of the text tells.
 */
function mentionableSql(writer: Viewer, usernames: readonly string[], place: MentionPlace): SQL | undefined {
  return and(
    inArray(users.username, [...usernames]),
    ne(users.id, writer.id),
    eq(users.isActive, true),
    visibleToSql(writer, users.id),
    mayReadPostSql(users.id, place.postAuthorId),
  );
}

/**
 * Stores the mentions of a text (extractMentions) that are new to it, in one statement, and
 * answers the ids of the people newly mentioned: only they are told. Those already stored for the
 * text (an edit that keeps them) are not answered again.
 */
export async function insertNewMentions(
  db: Executor,
  writer: Viewer,
  usernames: readonly string[],
  place: MentionPlace,
  at: Date,
): Promise<number[]> {
  if (usernames.length === 0) return [];
  const where = mentionableSql(writer, usernames, place);
  const createdAt = sql<Date>`${at.toISOString()}::timestamptz`.as('created_at');
  const commentId = place.commentId;
  const rows =
    commentId === undefined
      ? await db
          .insert(postMentions)
          .select(
            db
              .select({ postId: sql<number>`${place.postId}::integer`.as('post_id'), userId: users.id, createdAt })
              .from(users)
              .where(where),
          )
          .onConflictDoNothing()
          .returning({ userId: postMentions.userId })
      : await db
          .insert(commentMentions)
          .select(
            db
              .select({ commentId: sql<number>`${commentId}::integer`.as('comment_id'), userId: users.id, createdAt })
              .from(users)
              .where(where),
          )
          .onConflictDoNothing()
          .returning({ userId: commentMentions.userId });
  return rows.map((row) => row.userId);
}

/** The people a post's caption mentions (stored), for tests and the export. */
export async function findPostMentions(db: Executor, postId: number): Promise<number[]> {
  const rows = await db.select({ userId: postMentions.userId }).from(postMentions).where(eq(postMentions.postId, postId));
  return rows.map((row) => row.userId);
}
