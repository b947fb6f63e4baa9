import type { LeavePart } from '../../lib/leave';

/** Moderation: their reports and appeals go with them; what they decided as a moderator stays decided. */
export const moderationLeave: LeavePart = {
  name: 'moderation',
  tables: [
    {
      table: 'post_reports',
      column: 'reporter_id',
      rule: 'cascade',
      why: 'their reports (no counter depends on them; no route says who reported)',
    },
    { table: 'post_reports', column: 'resolved_by', rule: 'kept', why: 'a report they resolved stays resolved' },
    { table: 'moderation_appeals', column: 'author_id', rule: 'cascade', why: 'their appeals, about their own posts, which go too' },
    { table: 'moderation_appeals', column: 'decided_by', rule: 'kept', why: 'an appeal they decided stays decided' },
  ],
  async run() {},
};
