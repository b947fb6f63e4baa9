import type { Comment, Post } from '@alumlink/contract';
import { mediaUrl } from '../../lib/media';
import { presentUserSummary } from '../users/users.presenter';
import { userSummaryFromSql } from '../users/index';
import type { CommentListRow } from './comments.repository';
import type { PostSqlRow } from './post-page.sql';
import type { PostListRow } from './posts.repository';

/** A post row (with author and the viewer's like) → the contract's postSchema. */
export function presentPost(row: PostListRow): Post {
  return {
    id: row.id,
    user: presentUserSummary(row.author),
    caption: row.caption,
    image: mediaUrl(row.image),
    created_at: row.createdAt.toISOString(),
    likes_count: row.likesCount,
    comments_count: row.commentsCount,
    is_liked: row.liked,
    has_liked: row.liked,
    edited_at: row.editedAt?.toISOString() ?? null,
  };
}

/** A row of a page of posts (postPageQuery) → the contract's postSchema. */
export function presentListedPost(row: PostSqlRow): Post {
  return {
    id: row.id,
    user: presentUserSummary(userSummaryFromSql(row.author_id, row)),
    caption: row.caption,
    image: mediaUrl(row.post_image),
    created_at: row.created_at,
    likes_count: row.likes_count,
    comments_count: row.comments_count,
    is_liked: row.liked,
    has_liked: row.liked,
    edited_at: row.edited_at,
  };
}

/** A comment row (with author) → the contract's commentSchema. */
export function presentComment(row: CommentListRow): Comment {
  return {
    id: row.id,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    user: presentUserSummary(row.author),
    post_id: row.postId,
    edited_at: row.editedAt?.toISOString() ?? null,
  };
}
