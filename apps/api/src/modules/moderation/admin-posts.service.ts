import { ADMIN_MESSAGES, type DeletePostResponse, type DeletionReason, type PageQuery, type PostPage } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { notify } from '../notifications/notify.service';
import { postRemovedNotice } from './moderation.notices';
import { closeReportsOfRemovedPost } from './reports.service';
import { listFeed, softDeletePost } from '../posts/posts.service';
import { findUserById } from '../users/users.service';
import { auditLabelOf, writeAuditLog } from '../audit-log/index';
import { findLivePostWithAuthor } from './admin-posts.repository';

const postNotFound = () => notFound(ADMIN_MESSAGES.postNotFound);
const CAPTION_IN_LOG = 80;

/** Every live post newest first, in the feed's shape (the admin is the viewer). */
export function listPostsForModeration(ctx: AppContext, admin: AuthUser, query: PageQuery): Promise<PostPage> {
  return listFeed(ctx, admin, query);
}

/**
 * Soft-deletes a live post with a reason, in one transaction with its audit entry. The posts module withholds its image (kept aside for
 * an appeal, no longer served) and tells its listeners (the realtime hub broadcasts post.deleted);
 * its open reports are closed (actioned); the author is notified with the reason (and may appeal);
 * the audit log keeps who, what and why.
 */
export async function removePost(ctx: AppContext, admin: AuthUser, postId: number, reason: DeletionReason): Promise<DeletePostResponse> {
  const actor = await findUserById(ctx.db, admin.id);
  if (!actor) throw forbidden();
  const post = await findLivePostWithAuthor(ctx.db, postId);
  if (!post) throw postNotFound();
  // The deletion, its reports closing and its audit entry commit together or not at all.
  const deleted = await softDeletePost(ctx, { postId, authorId: post.author.id, deletedBy: admin.id, reason }, async (tx) => {
    const reportsClosed = await closeReportsOfRemovedPost(tx, postId, admin.id);
    await writeAuditLog(tx, {
      actor,
      action: 'post.delete',
      target: { type: 'post', id: postId, label: `Post ${postId} by ${auditLabelOf(post.author)}` },
      reason,
      details: { author_id: post.author.id, caption: post.caption.slice(0, CAPTION_IN_LOG), reports_closed: reportsClosed },
    });
  });
  // Someone else deleted it between the lookup and the update.
  if (!deleted) throw postNotFound();
  await notify(ctx, postRemovedNotice({ postId, authorId: post.author.id, reason }));
  const { author } = post;
  return {
    detail: ADMIN_MESSAGES.postDeleted,
    notified_user: {
      id: author.id,
      username: author.username,
      first_name: author.firstName,
      last_name: author.lastName,
      email: author.email,
    },
  };
}
