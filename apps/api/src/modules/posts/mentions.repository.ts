import { and, eq, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { commentMentions, postMentions, posts, users } from '../../db/schema/index';
import { visibleToSql, type Viewer } from '../settings/visibility';
import { postReadableSql } from './posts.policy';

/** Where a text is: a post's caption, or a comment on a post. */
export type MentionPlace = { postId: number; postAuthorId: number; commentId?: number };

/**
 * Condition "the person `personId` (a row of users) may read a text under the post": the one rule
 * of who reads a post (posts.policy.ts postReadableSql: the author's profile visibility and, for a
 * post made in a members-only space, membership), with administrators reading everything.
 */
export function mayReadPostSql(personId: SQLWrapper, place: MentionPlace): SQL {
  return postReadableSql(personId, sql`(${users.role} = 'AD')`, {
    userId: sql`${place.postAuthorId}::integer`,
    communityId: sql`(select ${posts.communityId} from ${posts} where ${posts.id} = ${place.postId})`,
  });
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
    mayReadPostSql(users.id, place),
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
