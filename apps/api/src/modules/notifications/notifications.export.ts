import { and, asc, eq, gt } from 'drizzle-orm';
import { notifications } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, iso, keyset, mapRows, type ExportSection } from '../../lib/data-export/section';

/** notifications.json: the person's in-app notifications, read or not. */
export const notificationsExport: ExportSection = {
  file: 'notifications.json',
  tables: ['notifications.user_id'],
  kind: 'list',
  collect: (db, personId) =>
    mapRows(
      keyset(
        (after) =>
          db
            .select()
            .from(notifications)
            .where(and(eq(notifications.userId, personId), gt(notifications.id, after)))
            .orderBy(asc(notifications.id))
            .limit(EXPORT_PAGE_SIZE),
        (row) => row.id,
      ),
      (row) => ({
        id: row.id,
        type: row.type,
        text: row.text,
        reason: row.reason,
        post_id: row.postId,
        conversation_id: row.conversationId,
        created_at: iso(row.createdAt),
        read_at: iso(row.readAt),
      }),
    ),
};
