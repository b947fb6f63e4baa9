import { and, asc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { commentMentions, comments, postMentions } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, iso, keyset, ownRows, type ExportSection } from '../../lib/data-export/section';

async function* mentionsOf(db: Executor, personId: number): AsyncIterable<unknown> {
  for await (const row of ownRows(db, postMentions, postMentions.userId, 'postId', personId))
    yield { post_id: row.postId, comment_id: null, created_at: iso(row.createdAt) };
  const inComments = keyset(
    (after) =>
      db
        .select({ commentId: commentMentions.commentId, postId: comments.postId, createdAt: commentMentions.createdAt })
        .from(commentMentions)
        .innerJoin(comments, eq(comments.id, commentMentions.commentId))
        .where(and(eq(commentMentions.userId, personId), gt(commentMentions.commentId, after)))
        .orderBy(asc(commentMentions.commentId))
        .limit(EXPORT_PAGE_SIZE),
    (row) => row.commentId,
  );
  for await (const row of inComments) yield { post_id: row.postId, comment_id: row.commentId, created_at: iso(row.createdAt) };
}

/** mentions.json: the posts and comments that mentioned the person (which text, when; the texts are their authors'). */
export const mentionsExport: ExportSection = {
  file: 'mentions.json',
  tables: ['post_mentions.user_id', 'comment_mentions.user_id'],
  kind: 'list',
  collect: mentionsOf,
};
