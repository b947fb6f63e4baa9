import { displayName, type Notification } from '@alumlink/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { notifications, userSettings, users } from '../../db/schema/index';
import { escapeHtml, type Mailer } from '../../lib/mailer/index';
import { publishRealtime } from '../../lib/realtime/registry';
import { userCanSeeEmailOf } from '../settings/visibility';
import { withoutEmail, type UserSummaryRow } from '../users/users.presenter';
import { presentNotification } from './notifications.presenter';

/** One referral-pipeline notification (DESIGN 8.2): in-app, live, and by e-mail when the recipient chose e-mail. */
export type ReferralNotice = {
  recipientId: number;
  type: 'referral_requested' | 'referral_status_changed';
  /** Who made the change; null for the system (expiry, offer closed). */
  actor: UserSummaryRow | null;
  /** The in-app sentence, also the e-mail's first line. */
  text: string;
  /** The e-mail subject. */
  subject: string;
};

export type StoredNotification = { recipientId: number; notification: Notification };

export type NotificationContext = { mailer: Pick<Mailer, 'enqueue'>; config: Pick<AppConfig, 'siteName' | 'publicUrl'> };

export const actorName = (actor: UserSummaryRow) => displayName({ first_name: actor.firstName, last_name: actor.lastName, email: actor.email });

/**
 * Stores the notices in the caller's transaction and queues an e-mail (same transaction, so it is
 * sent only if the change commits) to each recipient whose notification setting is 'Email'.
 * Returns the notifications to publish once the transaction committed (publishNotifications).
 */
export async function storeReferralNotifications(tx: Executor, context: NotificationContext, notices: ReferralNotice[]): Promise<StoredNotification[]> {
  if (notices.length === 0) return [];
  const recipientIds = [...new Set(notices.map((notice) => notice.recipientId))];
  const recipients = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, channel: userSettings.notificationType })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(and(inArray(users.id, recipientIds), eq(users.isActive, true)));
  const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  const stored: StoredNotification[] = [];
  for (const notice of notices) {
    const recipient = byId.get(notice.recipientId);
    if (!recipient) continue;
    const actor = notice.actor && !(await userCanSeeEmailOf(tx, recipient.id, notice.actor.id)) ? withoutEmail(notice.actor) : notice.actor;
    const [row] = await tx
      .insert(notifications)
      .values({ userId: recipient.id, type: notice.type, actorId: actor?.id ?? null, text: notice.text })
      .returning();
    if (row) stored.push({ recipientId: recipient.id, notification: presentNotification({ ...row, actor }) });
    if (recipient.channel === 'Email') {
      const link = `${context.config.publicUrl}/user/referrals`;
      const greeting = recipient.firstName.trim() ? `Hello ${recipient.firstName.trim()},` : 'Hello,';
      await context.mailer.enqueue(tx, {
        to: recipient.email,
        subject: notice.subject,
        text: [greeting, '', notice.text, '', `See your referrals on ${context.config.siteName}: ${link}`].join('\n'),
        html: [
          `<p>${escapeHtml(greeting)}</p>`,
          `<p>${escapeHtml(notice.text)}</p>`,
          `<p><a href="${escapeHtml(link)}">See your referrals on ${escapeHtml(context.config.siteName)}</a></p>`,
        ].join('\n'),
      });
    }
  }
  return stored;
}

/** Pushes `notification.created` to each recipient's sockets (after the transaction committed). */
export function publishNotifications(db: Database, stored: StoredNotification[]): void {
  for (const { recipientId, notification } of stored) {
    publishRealtime(db, { kind: 'users', userIds: [recipientId] }, { type: 'notification.created', data: notification });
  }
}
