import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { comments, users, type CommentRow } from '../../db/schema/index';
import { type CursorPosition } from '../../lib/pagination';
import { type Viewer } from '../settings/visibility';
import { type UserSummaryRow } from '../users/users.presenter';
import { userSummaryColumnsFor } from '../users/index';

/** A comment with its author. */
export type CommentListRow = Pick<CommentRow, 'id' | 'text' | 'createdAt' | 'postId'> & {
  editedAt?: Date | null;
  author: UserSummaryRow;
};

/** Comments of a post oldest first (keyset after `after`), served by comments_post_created_idx; commenters' e-mails as the viewer may read them. */
export function findComments(db: Executor, search: CommentSearch): Promise<CommentListRow[]> {
  return commentsQuery(db, search).execute();
}

export type CommentSearch = { viewer: Viewer; postId: number; after?: CursorPosition; commentId?: number; take: number };

/** The query of findComments, unexecuted (tests EXPLAIN it). */
export function commentsQuery(db: Executor, search: CommentSearch) {
  const conditions: SQL[] = [eq(comments.postId, search.postId)];
  if (search.commentId !== undefined) conditions.push(eq(comments.id, search.commentId));
  if (search.after) {
    const { at, id } = search.after;
    conditions.push(sql`(${comments.createdAt}, ${comments.id}) > (${at.toISOString()}::timestamptz, ${id})`);
  }
  return db
    .select({
      id: comments.id,
      text: comments.text,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      postId: comments.postId,
      author: userSummaryColumnsFor(search.viewer),
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(...conditions))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(search.take);
}
