import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { comments, postLikes, posts } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, exportedMediaPath, iso, keyset, ownRowsSection, type ExportSection } from '../../lib/data-export/section';

/** posts.json: own posts, those the person or a moderator deleted too (with the reason): they are still kept. */
export const postsExport: ExportSection = {
  ...ownRowsSection({
    file: 'posts.json',
    table: posts,
    owner: posts.userId,
    key: 'id',
    present: (row) => ({
      id: row.id,
      caption: row.caption,
      image: exportedMediaPath(row.image),
      created_at: iso(row.createdAt),
      likes_count: row.likesCount,
      comments_count: row.commentsCount,
      deleted_at: iso(row.deletedAt),
      delete_reason: row.deleteReason,
    }),
  }),
  media: async function* (db, personId) {
    const seen = new Set<string>();
    const rows = keyset(
      (after) =>
        db
          .select({ id: posts.id, image: posts.image })
          .from(posts)
          .where(and(eq(posts.userId, personId), isNotNull(posts.image), gt(posts.id, after)))
          .orderBy(asc(posts.id))
          .limit(EXPORT_PAGE_SIZE),
      (row) => row.id,
    );
    for await (const row of rows) {
      if (row.image && !seen.has(row.image)) {
        seen.add(row.image);
        yield row.image;
      }
    }
  },
};

/** comments.json: the person's comments on any post. */
export const commentsExport = ownRowsSection({
  file: 'comments.json',
  table: comments,
  owner: comments.userId,
  key: 'id',
  present: (row) => ({ id: row.id, post_id: row.postId, text: row.text, created_at: iso(row.createdAt) }),
});

/** likes.json: the posts the person likes. */
export const likesExport = ownRowsSection({
  file: 'likes.json',
  table: postLikes,
  owner: postLikes.userId,
  key: 'postId',
  present: (row) => ({ post_id: row.postId, created_at: iso(row.createdAt) }),
});
