import { notifications } from '../../db/schema/index';
import { iso, ownRowsSection } from '../../lib/data-export/section';

/** notifications.json: the person's in-app notifications, read or not. */
export const notificationsExport = ownRowsSection({
  file: 'notifications.json',
  table: notifications,
  owner: notifications.userId,
  key: 'id',
  present: (row) => ({
    id: row.id,
    type: row.type,
    text: row.text,
    reason: row.reason,
    post_id: row.postId,
    conversation_id: row.conversationId,
    created_at: iso(row.createdAt),
    read_at: iso(row.readAt),
  }),
});
