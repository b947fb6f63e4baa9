import type { Comment, Post } from '@alumlink/contract';
import { mediaUrl } from '../../lib/media';
import { presentUserSummary } from '../users/users.presenter';
import type { CommentListRow, PostListRow } from './posts.repository';

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
  };
}
