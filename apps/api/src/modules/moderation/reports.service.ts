import {
  MODERATION_MESSAGES,
  type DismissReportsResponse,
  type ReportPostRequest,
  type ReportPostResponse,
  type ReportQueueFilter,
  type ReportQueuePage,
  type ReportReason,
} from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../lib/auth';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { auditLabelOf, writeAuditLog } from '../audit-log/index';
import { requireVisiblePost } from '../posts/posts.service';
import { findUserById } from '../users/users.service';
import { canReport } from './moderation.policy';
import { presentModeratedPost } from './moderated-post';
import * as repository from './reports.repository';
import { decodeCountedCursor, encodeCountedCursor } from '../../lib/pagination';

const NOTES_SHOWN = 3;
const CAPTION_IN_LOG = 80;

/**
 * A member reports a post they may see (404 otherwise, like every post-id route), not their own
 * (400), once (409). The answer names nobody: reporters stay anonymous.
 */
export async function reportPost(
  ctx: AppContext,
  reporter: AuthUser,
  postId: number,
  body: ReportPostRequest,
): Promise<ReportPostResponse> {
  const post = await requireVisiblePost(ctx.db, reporter, postId);
  if (!canReport(reporter, post)) throw badRequest(MODERATION_MESSAGES.ownPost, 'own_post');
  const reason = body.reason as ReportReason;
  const note = body.note?.trim() ? body.note.trim() : null;
  const stored = await repository.insertReport(ctx.db, { postId, reporterId: reporter.id, reason, note });
  if (!stored) throw conflict(MODERATION_MESSAGES.alreadyReported, 'already_reported');
  return { detail: MODERATION_MESSAGES.reported, post_id: postId, reason };
}

/** The reports queue: posts with reports of the status, most reported first, grouped with reasons and notes. */
export async function listReportQueue(ctx: AppContext, query: ReportQueueFilter): Promise<ReportQueuePage> {
  const cursor = query.cursor ? decodeCountedCursor(query.cursor) : undefined;
  const after = cursor ? { count: cursor.count, at: cursor.at, postId: cursor.id } : undefined;
  const rows = await repository.findReportedPosts(ctx.db, { status: query.status, after, take: query.limit + 1 });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  const next = rows.length > query.limit && last ? encodeCountedCursor({ count: last.count, at: last.latestAt, id: last.post.id }) : null;
  const details = await repository.findReportDetails(
    ctx.db,
    items.map((row) => row.post.id),
    query.status,
  );
  return {
    results: items.map((row) => ({
      post: presentModeratedPost(row.post),
      count: row.count,
      reasons: details.reasons.filter((reason) => reason.postId === row.post.id).map(({ reason, count }) => ({ reason, count })),
      notes: details.notes
        .filter((note) => note.postId === row.post.id)
        .slice(0, NOTES_SHOWN)
        .map((note) => note.note),
      latest_report_at: row.latestAt.toISOString(),
    })),
    next,
  };
}

/** A moderator keeps the post: its open reports are dismissed (404 when it has none). Audit-logged. */
export async function dismissReports(ctx: AppContext, admin: AuthUser, postId: number): Promise<DismissReportsResponse> {
  const actor = await findUserById(ctx.db, admin.id);
  if (!actor) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    const post = await repository.findPostForAudit(tx, postId);
    const dismissed = post ? await repository.closeOpenReports(tx, postId, { status: 'dismissed', by: admin.id, at: new Date() }) : 0;
    if (!post || dismissed === 0) throw notFound(MODERATION_MESSAGES.noOpenReports);
    await writeAuditLog(tx, {
      actor,
      action: 'post.reports_dismiss',
      target: { type: 'post', id: postId, label: `Post ${postId} by ${auditLabelOf(post.author)}` },
      details: { author_id: post.author.id, reports: dismissed, caption: post.caption.slice(0, CAPTION_IN_LOG) },
    });
    return { detail: MODERATION_MESSAGES.dismissed, post_id: postId, dismissed };
  });
}

/** A moderator removed the post: its open reports are closed as actioned; answers how many (for the audit entry). */
export function closeReportsOfRemovedPost(db: Executor, postId: number, adminId: number): Promise<number> {
  return repository.closeOpenReports(db, postId, { status: 'actioned', by: adminId, at: new Date() });
}
