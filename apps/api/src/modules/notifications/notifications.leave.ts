import type { LeavePart } from '../../lib/leave';
import { deleteNotificationsCausedBy } from './notifications.repository';

/**
 * Notifications: what the person caused goes from the others' lists and from the digests waiting
 * to be e-mailed (the texts name them); their own notifications, choices and digests go with them.
 */
export const notificationsLeave: LeavePart = {
  name: 'notifications',
  tables: [
    { table: 'notifications', column: 'user_id', rule: 'cascade', why: 'their own notifications go with them' },
    {
      table: 'notifications',
      column: 'actor_id',
      rule: 'removed',
      why: "notifications they caused name them: they go from the others' lists",
    },
    { table: 'notification_preferences', column: 'user_id', rule: 'cascade', why: 'their own choices' },
    { table: 'notification_digest_items', column: 'user_id', rule: 'cascade', why: 'their own digest, never sent now' },
    {
      table: 'notification_digest_items',
      column: 'actor_id',
      rule: 'removed',
      why: "queued digest items that name them are dropped from the others' digests",
    },
    { table: 'notification_digests', column: 'user_id', rule: 'cascade', why: 'the record of their own digests sent' },
    {
      table: 'outgoing_emails',
      column: 'to_address',
      rule: 'kept',
      why: 'the outbox delivers the deletion confirmation; delivered mail is purged after 7 days (lib/mailer/outbox.ts)',
    },
  ],
  async run(tx, _leave, person) {
    await deleteNotificationsCausedBy(tx, person.id);
  },
};
