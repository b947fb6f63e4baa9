import type { ModeratedPost } from '@alumlink/contract';
import { posts, type PostRow } from '../../db/schema/index';
import { mediaUrl } from '../../lib/media';
import { presentUserSummary, type UserSummaryRow } from '../users/users.presenter';
import { userSummaryColumns } from '../users/index';

/** A post as moderators see it (live or removed) with its author; only admins read these. */
export type ModeratedPostRow = Pick<PostRow, 'id' | 'caption' | 'image' | 'likesCount' | 'commentsCount' | 'createdAt' | 'deletedAt'> & {
  author: UserSummaryRow;
};

/** The select list of ModeratedPostRow without its author (drizzle nests one level: select `author` beside it). */
export const moderatedPostColumns = {
  id: posts.id,
  caption: posts.caption,
  image: posts.image,
  likesCount: posts.likesCount,
  commentsCount: posts.commentsCount,
  createdAt: posts.createdAt,
  deletedAt: posts.deletedAt,
};

/** The author's columns of ModeratedPostRow (join users on the post's author; admins only, so the e-mail is read). */
export const moderatedPostAuthorColumns = userSummaryColumns;

/** A removed post's image is withheld (not served): the preview says so instead of linking it. */
export function presentModeratedPost(row: ModeratedPostRow): ModeratedPost {
  const removed = row.deletedAt !== null;
  return {
    id: row.id,
    user: presentUserSummary(row.author),
    caption: row.caption,
    image: removed ? null : mediaUrl(row.image),
    image_withheld: removed && row.image !== null,
    created_at: row.createdAt.toISOString(),
    likes_count: row.likesCount,
    comments_count: row.commentsCount,
  };
}
