import type { EmailFrequency, NotificationCategory } from '@alumlink/contract';
import { type AppContext, workScopeOf, type Scope } from '../../app-context';
import { instantNotificationEmail, type Recipient } from './notification-emails';
import { insertDigestItemWithin, type EmailWrite } from './notifications.repository';

/**
 * Notification e-mails about the same thing (type and target) from the same person to the same
 * recipient within this long collapse into the first: request, withdraw, request again… cannot
 * flood an inbox. The in-app notifications are all kept.
 */
export const EMAIL_COLLAPSE_MS = 60 * 60 * 1000;

export type EmailedNotification = {
  userId: number;
  category: NotificationCategory;
  text: string;
  link: string;
  /** Who the text names, if anyone: a digest item waiting for e-mail is dropped when they leave. */
  actorId?: number | null;
  /** The instant e-mail's subject after the site's name (default: the text). */
  subject?: string;
};

/**
 * The e-mail side of a notification, as its recipient chose for the category: instant → one
 * e-mail through the outbox (none to an inactive person: recipient null); daily/weekly → waits
 * for that digest; off → nothing.
 */
export function emailWriteOf(
  ctx: Pick<AppContext, 'config'>,
  frequency: EmailFrequency,
  item: EmailedNotification,
  recipient: Recipient | null,
): EmailWrite {
  switch (frequency) {
    case 'off':
      return null;
    case 'daily':
    case 'weekly': {
      const { subject: _subject, ...digest } = item;
      return { kind: 'digest', item: { ...digest, frequency } };
    }
    case 'instant':
      if (!recipient) return null;
      return { kind: 'instant', message: instantNotificationEmail(ctx.config, recipient, item) };
  }
}

/**
 * The e-mail side of a notification that is not stored (in-app off), written on its own (a stored
 * one writes it in the same statement: notifications repository): through the scope's
 * transaction, or prepared statements outside one (every notification may pass here).
 */
export async function emailNotification(
  scope: Scope,
  frequency: EmailFrequency,
  item: EmailedNotification,
  recipient: Recipient | null,
): Promise<void> {
  const work = workScopeOf(scope);
  const write = emailWriteOf(work.ctx, frequency, item, recipient);
  if (write?.kind === 'digest') {
    if ('kind' in scope) await insertDigestItemWithin(scope.tx, write.item);
    else await scope.repositories.notifications.insertDigestItem(write.item);
  }
  if (write?.kind === 'instant') await work.sendMail(write.message);
}
