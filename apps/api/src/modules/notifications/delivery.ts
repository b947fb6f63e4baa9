import type { EmailFrequency, NotificationCategory } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import { instantNotificationEmail, type Recipient } from './notification-emails';

export type EmailedNotification = { userId: number; category: NotificationCategory; text: string; link: string };

/**
 * The e-mail side of a notification, as its recipient chose for the category: instant → one
 * e-mail through the outbox now; daily/weekly → waits for that digest; off → nothing. Inactive
 * people (recipient null) get no instant e-mail. Prepared statements only: every notification
 * passes here.
 */
export async function emailNotification(
  ctx: Pick<AppContext, 'config' | 'mailer' | 'repositories'>,
  frequency: EmailFrequency,
  item: EmailedNotification,
  recipient: Recipient | null,
): Promise<void> {
  switch (frequency) {
    case 'off':
      return;
    case 'daily':
    case 'weekly':
      await ctx.repositories.notifications.insertDigestItem({ ...item, frequency });
      return;
    case 'instant': {
      if (!recipient) return;
      await ctx.repositories.notifications.enqueueEmail(instantNotificationEmail(ctx.config, recipient, item));
      ctx.mailer.trigger();
      return;
    }
  }
}
