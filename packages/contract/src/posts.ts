import { z } from 'zod';
import { LIMITS, pageQuerySchema, paginated, REQUIRED } from './common';
import { userSummarySchema } from './users';

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** A post as every screen reads it (feed, profile grid, admin list). */
export const postSchema = z.object({
  id: z.number().int(),
  /** The author. */
  user: userSummarySchema,
  caption: z.string(),
  /** URL of the WebP image under /media/, or null. */
  image: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  /** True when the caller likes the post (the feed's name). */
  is_liked: z.boolean(),
  /** Same as is_liked (the name other screens read). */
  has_liked: z.boolean(),
  /** ISO 8601 of the author's last edit; null or absent: never edited (screens show "Edited"). */
  edited_at: z.string().nullable().optional(),
});
export type Post = z.infer<typeof postSchema>;

/** Newest first, cursor-paginated. */
export const postPageSchema = paginated(postSchema);
export type PostPage = z.infer<typeof postPageSchema>;

/** The caption of a new post: trimmed, 1..2000 characters. */
export const captionSchema = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(LIMITS.captionMax, tooLong(LIMITS.captionMax));

/** Text fields of POST /social/posts/ (multipart; the `image` file part is required too). */
export const createPostFieldsSchema = z.object({
  caption: captionSchema,
  /** The space to post in (members only, else 403); omitted or empty: no space. */
  community_id: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().positive().max(2_147_483_647).optional(),
  ),
});
export type CreatePostFields = z.input<typeof createPostFieldsSchema>;

/** GET /social/posts/user-posts/: someone's posts (the caller's own when user_id is omitted). */
export const userPostsQuerySchema = pageQuerySchema.extend({ user_id: z.coerce.number().int().positive().max(2_147_483_647).optional() });
export type UserPostsQuery = z.input<typeof userPostsQuerySchema>;

/** Answer of POST /social/posts/{id}/like/ (a toggle). */
export const likeResultSchema = z.object({ liked: z.boolean(), likes_count: z.number().int() });
export type LikeResult = z.infer<typeof likeResultSchema>;

/** A comment under a post. */
export const commentSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  user: userSummarySchema,
  post_id: z.number().int(),
  /** ISO 8601 of the author's last edit; null or absent: never edited. */
  edited_at: z.string().nullable().optional(),
});
export type Comment = z.infer<typeof commentSchema>;

/** Comments oldest first (a thread reads top to bottom), cursor-paginated. */
export const commentPageSchema = paginated(commentSchema);
export type CommentPage = z.infer<typeof commentPageSchema>;

/** Body of POST /social/posts/{id}/comment/: trimmed, 1..2000 characters. */
export const createCommentRequestSchema = z.object({
  text: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(LIMITS.commentMax, tooLong(LIMITS.commentMax)),
});
export type CreateCommentRequest = z.input<typeof createCommentRequestSchema>;

/** Body of PATCH /social/posts/{id}/ (the author): the new caption, validated as a new post's. */
export const updatePostRequestSchema = z.object({ caption: captionSchema });
export type UpdatePostRequest = z.input<typeof updatePostRequestSchema>;

/** Body of PATCH /social/posts/{id}/comments/{comment_id}/ (the author): validated as a new comment. */
export const updateCommentRequestSchema = createCommentRequestSchema;
export type UpdateCommentRequest = z.input<typeof updateCommentRequestSchema>;
