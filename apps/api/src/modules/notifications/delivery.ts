import type { EmailFrequency, NotificationCategory } from '@alumlink/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { notificationDigestItems, users } from '../../db/schema/index';
import { enqueueEmail } from '../../lib/mailer/outbox';
import { instantNotificationEmail } from './notification-emails';

export type EmailedNotification = { userId: number; category: NotificationCategory; text: string; link: string };

/**
 * The e-mail side of a notification, as its recipient chose for the category: instant → one
 * e-mail through the outbox now; daily/weekly → waits for that digest; off → nothing. Inactive
 * people get none.
 */
export async function emailNotification(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer'>,
  frequency: EmailFrequency,
  item: EmailedNotification,
): Promise<void> {
  switch (frequency) {
    case 'off':
      return;
    case 'daily':
    case 'weekly':
      await ctx.db.insert(notificationDigestItems).values({ ...item, frequency });
      return;
    case 'instant': {
      const [recipient] = await ctx.db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(and(eq(users.id, item.userId), eq(users.isActive, true)))
        .limit(1);
      if (!recipient) return;
      await enqueueEmail(ctx.db, instantNotificationEmail(ctx.config, recipient, item));
      ctx.mailer.trigger();
      return;
    }
  }
}
