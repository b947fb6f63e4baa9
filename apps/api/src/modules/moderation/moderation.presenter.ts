import { MODERATION_LIMITS, appealStatusSchema, type AdminAppeal, type Appeal, type ModerationCase } from '@alumlink/contract';
import type { ModerationAppealRow } from '../../db/schema/index';
import type { AdminAppealRow } from './appeals.repository';
import { presentModeratedPost } from './moderated-post';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment an appeal against a removal at `removedAt` is accepted. */
export function appealDeadline(removedAt: Date): Date {
  return new Date(removedAt.getTime() + MODERATION_LIMITS.appealDays * DAY_MS);
}

/** An appeal as its author reads it (never who decided). */
export function presentAppeal(row: ModerationAppealRow): Appeal {
  return {
    id: row.id,
    post_id: row.postId,
    text: row.text,
    status: appealStatusSchema.parse(row.status),
    reply: row.reply,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

/** An appeal of the admin queue, with the post and its removal. */
export function presentAdminAppeal(row: AdminAppealRow): AdminAppeal {
  return { ...presentAppeal(row), post: presentModeratedPost(row.post), reason: row.reason, removed_at: row.removedAt.toISOString() };
}

/** The author's view of a removal: why, until when an appeal is accepted, and the appeal if any. */
export function presentModerationCase(
  removal: { postId: number; caption: string; reason: string; removedAt: Date },
  appeal: ModerationAppealRow | null,
  now: Date,
): ModerationCase {
  const deadline = appealDeadline(removal.removedAt);
  return {
    post_id: removal.postId,
    caption: removal.caption,
    reason: removal.reason,
    removed_at: removal.removedAt.toISOString(),
    appeal_deadline: deadline.toISOString(),
    can_appeal: appeal === null && now.getTime() <= deadline.getTime(),
    appeal: appeal ? presentAppeal(appeal) : null,
  };
}
