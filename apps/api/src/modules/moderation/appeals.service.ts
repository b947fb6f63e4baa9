import {
  MODERATION_MESSAGES,
  type AdminAppeal,
  type Appeal,
  type AppealDecision,
  type AppealQueueFilter,
  type AppealQueuePage,
  type ModerationCase,
} from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { decodeCursor, toPage } from '../../lib/pagination';
import { auditLabelOf, writeAuditLog } from '../audit-log/index';
import { notify } from '../notifications/notify.service';
import { appealDecidedNotice } from './moderation.notices';
import { findUserById } from '../users/users.service';
import * as repository from './appeals.repository';
import { canAppeal } from './moderation.policy';
import { appealDeadline, presentAdminAppeal, presentAppeal, presentModerationCase } from './moderation.presenter';

const CAPTION_IN_LOG = 80;
const caseNotFound = () => notFound(MODERATION_MESSAGES.notAppealable);

/**
 * The author's own moderated post: the removal and its appeal (also once restored). 404 for
 * anyone else, for a post the author deleted themself, and for a live post never appealed.
 */
export async function getModerationCase(ctx: AppContext, user: AuthUser, postId: number, now = new Date()): Promise<ModerationCase> {
  const post = await repository.findPostRemoval(ctx.db, postId);
  if (!post || post.userId !== user.id) throw caseNotFound();
  const appeal = await repository.findAppealOfPost(ctx.db, postId);
  if (appeal)
    return presentModerationCase({ postId, caption: post.caption, reason: appeal.reason, removedAt: appeal.removedAt }, appeal, now);
  if (!canAppeal(user, post) || !post.deletedAt || !post.deleteReason) throw caseNotFound();
  return presentModerationCase({ postId, caption: post.caption, reason: post.deleteReason, removedAt: post.deletedAt }, null, now);
}

/**
 * The author appeals a moderator's removal: once (409 already_appealed), within the appeal
 * window (409 appeal_window_closed); 404 for anything but their own moderated post. Audit-logged.
 */
export async function appealRemoval(ctx: AppContext, user: AuthUser, postId: number, text: string, now = new Date()): Promise<Appeal> {
  const post = await repository.findPostRemoval(ctx.db, postId);
  if (!post || !canAppeal(user, post) || !post.deletedAt || !post.deleteReason) throw caseNotFound();
  if (await repository.findAppealOfPost(ctx.db, postId)) throw conflict(MODERATION_MESSAGES.alreadyAppealed, 'already_appealed');
  if (now.getTime() > appealDeadline(post.deletedAt).getTime())
    throw conflict(MODERATION_MESSAGES.appealWindowClosed, 'appeal_window_closed');
  const author = await findUserById(ctx.db, user.id);
  if (!author) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    const appeal = await repository.insertAppeal(tx, {
      postId,
      authorId: user.id,
      text,
      reason: post.deleteReason ?? '',
      removedAt: post.deletedAt ?? now,
    });
    if (!appeal) throw conflict(MODERATION_MESSAGES.alreadyAppealed, 'already_appealed');
    await writeAuditLog(tx, {
      actor: author,
      action: 'post.appeal',
      target: { type: 'post', id: postId, label: `Post ${postId} by ${auditLabelOf(author)}` },
      reason: appeal.reason,
      details: { appeal_id: appeal.id, caption: post.caption.slice(0, CAPTION_IN_LOG) },
    });
    return presentAppeal(appeal);
  });
}

/** The appeals queue: one status, oldest first. */
export async function listAppeals(ctx: AppContext, query: AppealQueueFilter): Promise<AppealQueuePage> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await repository.findAppeals(ctx.db, { status: query.status, after, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { results: items.map(presentAdminAppeal), next };
}

/**
 * A moderator decides an open appeal (404 unknown, 409 already decided, so racing moderators
 * cannot both decide). Restored: the post comes back as it was, with its likes, comments and
 * counters, and its withheld image is served again. The author gets the reply as a
 * notification; the decision is audit-logged with the reply.
 */
export async function decideAppeal(
  ctx: AppContext,
  admin: AuthUser,
  appealId: number,
  body: { decision: AppealDecision; reply: string },
): Promise<AdminAppeal> {
  const actor = await findUserById(ctx.db, admin.id);
  if (!actor) throw forbidden();
  const decided = await ctx.db.transaction(async (tx) => {
    const appeal = await repository.markAppealDecided(tx, appealId, {
      status: body.decision,
      reply: body.reply,
      by: admin.id,
      at: new Date(),
    });
    if (!appeal) {
      const known = await repository.findAppealById(tx, appealId);
      if (!known) throw notFound(MODERATION_MESSAGES.appealNotFound);
      throw conflict(MODERATION_MESSAGES.alreadyDecided, 'already_decided');
    }
    const restored = body.decision === 'restored' ? await repository.restoreRemovedPost(tx, appeal.postId) : null;
    const author = await findUserById(tx, appeal.authorId);
    await writeAuditLog(tx, {
      actor,
      action: 'post.appeal_decide',
      target: { type: 'post', id: appeal.postId, label: `Post ${appeal.postId} by ${author ? auditLabelOf(author) : 'a deleted user'}` },
      reason: body.decision,
      details: { appeal_id: appeal.id, decision: body.decision, reply: body.reply, author_id: appeal.authorId },
    });
    return { appeal, image: restored?.image ?? null };
  });
  if (decided.image) await ctx.storage.reinstate(decided.image);
  await notify(
    ctx,
    appealDecidedNotice({ postId: decided.appeal.postId, authorId: decided.appeal.authorId, decision: body.decision, reply: body.reply }),
  );
  const row = await repository.findAppealById(ctx.db, appealId);
  if (!row) throw notFound(MODERATION_MESSAGES.appealNotFound);
  return presentAdminAppeal(row);
}
