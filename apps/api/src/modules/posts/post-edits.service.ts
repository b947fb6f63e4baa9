import { extractHashtags, type Comment, type Post } from '@alumlink/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { comments, posts } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { findComments } from './comments.repository';
import { recordMentions, tellMentioned } from './mentions.service';
import type { MentionPlace } from './mentions.repository';
import { canOnPost } from './posts.policy';
import { presentComment, presentPost } from './posts.presenter';
import { findPost, replacePostTags } from './posts.repository';
import { requireVisiblePost } from './posts.service';

const postNotFound = () => notFound('Post not found.');
const commentNotFound = () => notFound('Comment not found.');

/**
 * The new text, its mentions and the notifications of the people it newly names, in one unit of
 * work (decision 037): a person the text named before is not told again (their mention row stays,
 * so recordMentions does not answer them), a newly named one is, if they may read the text.
 */
async function rewrite(
  ctx: AppContext,
  author: AuthUser,
  text: string,
  place: MentionPlace,
  write: (tx: Executor, at: Date) => Promise<boolean>,
): Promise<void> {
  await ctx.transaction(async (work) => {
    if (!(await write(work.tx, new Date()))) throw place.commentId === undefined ? postNotFound() : commentNotFound();
    const mentioned = await recordMentions(work.tx, author, text, place);
    await tellMentioned(work, author, mentioned, place);
  });
}

/**
 * The author edits their post's caption (validated as a new post's): its hashtags follow, the post
 * shows "Edited". 404 when unknown, deleted or unreadable to the caller; 403 for anyone but its author.
 */
export async function editPost(ctx: AppContext, author: AuthUser, postId: number, caption: string): Promise<Post> {
  const post = await requireVisiblePost(ctx.db, author, postId);
  if (!canOnPost(author, 'edit', post)) throw forbidden('You can only edit your own posts.');
  await rewrite(ctx, author, caption, { postId, postAuthorId: post.userId }, async (tx, at) => {
    const [row] = await tx
      .update(posts)
      .set({ caption, editedAt: at })
      .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
      .returning({ id: posts.id, createdAt: posts.createdAt });
    if (!row) return false;
    await replacePostTags(tx, row, extractHashtags(caption));
    return true;
  });
  const row = await findPost(ctx.db, author, postId);
  if (!row) throw postNotFound();
  return presentPost(row);
}

/**
 * The author edits their comment (validated as a new comment). 404 when the post is unknown,
 * deleted or unreadable to the caller, or the comment is not under it; 403 for anyone but its author.
 */
export async function editComment(ctx: AppContext, author: AuthUser, postId: number, commentId: number, text: string): Promise<Comment> {
  const post = await requireVisiblePost(ctx.db, author, postId);
  const [comment] = await findComments(ctx.db, { viewer: author, postId, commentId, take: 1 });
  if (!comment) throw commentNotFound();
  if (!canOnPost(author, 'edit', { userId: comment.author.id })) throw forbidden('You can only edit your own comments.');
  await rewrite(ctx, author, text, { postId, postAuthorId: post.userId, commentId }, async (tx, at) => {
    const rows = await tx
      .update(comments)
      .set({ text, editedAt: at })
      .where(and(eq(comments.id, commentId), eq(comments.postId, postId)))
      .returning({ id: comments.id });
    return rows.length > 0;
  });
  const [row] = await findComments(ctx.db, { viewer: author, postId, commentId, take: 1 });
  if (!row) throw commentNotFound();
  return presentComment(row);
}
