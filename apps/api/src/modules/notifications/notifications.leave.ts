import { cascade, kept, removed, type LeavePart } from '../../lib/leave';
import { deleteNotificationsCausedBy } from './notifications.repository';

/**
 * Notifications: what the person caused goes from the others' lists and from the digests waiting
 * to be e-mailed (the texts name them); their own notifications, choices and digests go with them.
 */
export const notificationsLeave: LeavePart = {
  name: 'notifications',
  tables: [
    cascade('notifications.user_id', 'their own notifications go with them'),
    removed('notifications.actor_id', "notifications they caused name them: they go from the others' lists"),
    cascade('notification_preferences.user_id', 'their own choices'),
    cascade('notification_digest_items.user_id', 'their own digest, never sent now'),
    removed('notification_digest_items.actor_id', "queued digest items that name them are dropped from the others' digests"),
    cascade('notification_digests.user_id', 'the record of their own digests sent'),
    kept(
      'outgoing_emails.to_address',
      'the outbox delivers the deletion confirmation; delivered mail is purged after 7 days (lib/mailer/outbox.ts)',
    ),
  ],
  async run(tx, _leave, person) {
    await deleteNotificationsCausedBy(tx, person.id);
  },
};
