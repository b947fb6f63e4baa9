import { moderationAppeals, postReports } from '../../db/schema/index';
import { iso, ownRows, type ExportSection } from '../../lib/data-export/section';

/** moderation.json: the posts the person reported (with their note) and their appeals against removals (with the reply). */
export const moderationExport: ExportSection = {
  file: 'moderation.json',
  tables: ['post_reports.reporter_id', 'moderation_appeals.author_id'],
  kind: 'list',
  collect: async function* (db, personId) {
    for await (const row of ownRows(db, postReports, postReports.reporterId, 'id', personId)) {
      yield {
        kind: 'report',
        id: row.id,
        post_id: row.postId,
        reason: row.reason,
        note: row.note,
        status: row.status,
        created_at: iso(row.createdAt),
        resolved_at: iso(row.resolvedAt),
      };
    }
    for await (const row of ownRows(db, moderationAppeals, moderationAppeals.authorId, 'id', personId)) {
      yield {
        kind: 'appeal',
        id: row.id,
        post_id: row.postId,
        text: row.text,
        removal_reason: row.reason,
        removed_at: iso(row.removedAt),
        status: row.status,
        reply: row.reply,
        created_at: iso(row.createdAt),
        decided_at: iso(row.decidedAt),
      };
    }
  },
};
