import { and, asc, eq, gt } from 'drizzle-orm';
import { moderationAppeals, postReports } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, iso, keyset, type ExportSection } from '../../lib/data-export/section';

/** moderation.json: the posts the person reported (with their note) and their appeals against removals (with the reply). */
export const moderationExport: ExportSection = {
  file: 'moderation.json',
  tables: ['post_reports.reporter_id', 'moderation_appeals.author_id'],
  kind: 'list',
  collect: async function* (db, personId) {
    const reports = keyset(
      (after) =>
        db
          .select()
          .from(postReports)
          .where(and(eq(postReports.reporterId, personId), gt(postReports.id, after)))
          .orderBy(asc(postReports.id))
          .limit(EXPORT_PAGE_SIZE),
      (row) => row.id,
    );
    for await (const row of reports) {
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
    const appeals = keyset(
      (after) =>
        db
          .select()
          .from(moderationAppeals)
          .where(and(eq(moderationAppeals.authorId, personId), gt(moderationAppeals.id, after)))
          .orderBy(asc(moderationAppeals.id))
          .limit(EXPORT_PAGE_SIZE),
      (row) => row.id,
    );
    for await (const row of appeals) {
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
