import { DEFAULT_NOTIFICATION_PREFERENCES, displayName, emailFrequencySchema, type Notification } from '@alumlink/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import { notificationDigestItems, notificationPreferences, notifications, users } from '../../db/schema/index';
import type { Mailer } from '../../lib/mailer/index';
import { userCanSeeEmailOf } from '../settings/visibility';
import { withoutEmail, type UserSummaryRow } from '../users/users.presenter';
import { EMAIL_COLLAPSE_MS } from './delivery';
import { instantNotificationEmail } from './notification-emails';
import { hasNotificationSince } from './notifications.repository';
import { presentNotification } from './notifications.presenter';

/** One referral-pipeline notification (DESIGN 8.2): in-app, live, and by e-mail when the recipient chose e-mail. */
export type ReferralNotice = {
  /** Null when the person to tell has left: nobody is told. */
  recipientId: number | null;
  type: 'referral_requested' | 'referral_status_changed';
  /** Who made the change; null for the system (expiry, offer closed). */
  actor: UserSummaryRow | null;
  /** The in-app sentence, also the e-mail's first line. */
  text: string;
  /** The e-mail subject (after the site's name). */
  subject: string;
};

export type StoredNotification = { recipientId: number; notification: Notification };

export type NotificationContext = { mailer: Pick<Mailer, 'enqueue'>; config: Pick<AppConfig, 'siteName' | 'publicUrl' | 'jwtSecret'> };

const REFERRALS_LINK = '/user/referrals';

export const actorName = (actor: UserSummaryRow) =>
  displayName({ first_name: actor.firstName, last_name: actor.lastName, email: actor.email });

/**
 * Stores the notices in the caller's transaction as each recipient chose for referrals (Settings →
 * Notifications): in-app on → stored (and returned, to publish once the transaction committed with
 * publishNotifications); e-mail instant → queued in the same transaction (sent only if the change
 * commits), daily or weekly → kept for that digest, off → nothing.
 */
export async function storeReferralNotifications(
  tx: Executor,
  context: NotificationContext,
  notices: ReferralNotice[],
): Promise<StoredNotification[]> {
  const recipientIds = [...new Set(notices.flatMap((notice) => (notice.recipientId === null ? [] : [notice.recipientId])))];
  if (recipientIds.length === 0) return [];
  const recipients = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      inApp: notificationPreferences.inApp,
      frequency: notificationPreferences.email,
    })
    .from(users)
    .leftJoin(notificationPreferences, and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.category, 'referral')))
    .where(and(inArray(users.id, recipientIds), eq(users.isActive, true)));
  const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  const stored: StoredNotification[] = [];
  for (const notice of notices) {
    const recipient = notice.recipientId === null ? undefined : byId.get(notice.recipientId);
    if (!recipient) continue;
    const chosen = DEFAULT_NOTIFICATION_PREFERENCES.referral;
    const inApp = recipient.inApp ?? chosen.in_app;
    const frequency = recipient.frequency === null ? chosen.email : emailFrequencySchema.catch(chosen.email).parse(recipient.frequency);
    // The same change by the same person within the hour was e-mailed already (EMAIL_COLLAPSE_MS).
    const collapsed =
      frequency === 'instant' &&
      notice.actor !== null &&
      (await hasNotificationSince(
        tx,
        { userId: recipient.id, type: notice.type, actorId: notice.actor.id },
        new Date(Date.now() - EMAIL_COLLAPSE_MS),
      ));
    if (inApp) {
      const actor =
        notice.actor && !(await userCanSeeEmailOf(tx, recipient.id, notice.actor.id)) ? withoutEmail(notice.actor) : notice.actor;
      const [row] = await tx
        .insert(notifications)
        .values({ userId: recipient.id, type: notice.type, actorId: actor?.id ?? null, text: notice.text })
        .returning();
      if (row) stored.push({ recipientId: recipient.id, notification: presentNotification({ ...row, actor }) });
    }
    if (frequency === 'instant') {
      if (collapsed) continue;
      const email = instantNotificationEmail(context.config, recipient, { category: 'referral', text: notice.text, link: REFERRALS_LINK });
      await context.mailer.enqueue(tx, { ...email, subject: `${context.config.siteName}: ${notice.subject}` });
    } else if (frequency !== 'off') {
      await tx.insert(notificationDigestItems).values({
        userId: recipient.id,
        category: 'referral',
        text: notice.text,
        link: REFERRALS_LINK,
        frequency,
        actorId: notice.actor?.id ?? null,
      });
    }
  }
  return stored;
}

/** Announces `notification.created` for each recipient (after the transaction committed). */
export function publishNotifications(ctx: Pick<AppContext, 'events'>, stored: StoredNotification[]): void {
  for (const { recipientId, notification } of stored) {
    ctx.events.emit('notification.created', { userId: recipientId, notification });
  }
}
