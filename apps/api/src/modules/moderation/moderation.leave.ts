import { cascade, kept, type LeavePart } from '../../lib/leave';

/** Moderation: their reports and appeals go with them; what they decided as a moderator stays decided. */
export const moderationLeave: LeavePart = {
  name: 'moderation',
  tables: [
    cascade('post_reports.reporter_id', 'their reports (no counter depends on them; no route says who reported)'),
    kept('post_reports.resolved_by', 'a report they resolved stays resolved'),
    cascade('moderation_appeals.author_id', 'their appeals, about their own posts, which go too'),
    kept('moderation_appeals.decided_by', 'an appeal they decided stays decided'),
  ],
  async run() {},
};
