import { notificationTypeSchema, type Notification } from '@alumlink/contract';
import { presentUserSummary } from '../users/users.presenter';
import type { NotificationListRow } from './notifications.repository';

/** A notification row (with its actor) → the contract's notification shape. */
export function presentNotification(row: NotificationListRow): Notification {
  return {
    id: row.id,
    type: notificationTypeSchema.parse(row.type),
    actor: row.actor ? presentUserSummary(row.actor) : null,
    post_id: row.postId,
    conversation_id: row.conversationId,
    text: row.text,
    reason: row.reason,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}
