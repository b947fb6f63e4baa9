import type { EmailFrequency, NotificationCategory } from '@alumlink/contract';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { notificationDigestItems, users } from '../../db/schema/index';
import { enqueueEmail } from '../../lib/mailer/outbox';
import { instantNotificationEmail } from './notification-emails';

/**
 * What e-mailing a notification needs from its app: the site (links, signing secret) and the
 * mailer's trigger. Services receive only `db` (posts, admin, messaging), so, like the realtime
 * hub (lib/realtime/registry.ts), the app binds these to its database handle; several apps in one
 * process (tests) keep their own. Unbound (CLI scripts, seeds), instant e-mails are not written.
 */
export type NotificationMailContext = { site: Pick<AppConfig, 'siteName' | 'publicUrl' | 'jwtSecret'>; trigger: () => void };

const contexts = new WeakMap<Database, NotificationMailContext>();

export function bindNotificationMail(db: Database, context: NotificationMailContext): void {
  contexts.set(db, context);
}

export function unbindNotificationMail(db: Database): void {
  contexts.delete(db);
}

export type EmailedNotification = { userId: number; category: NotificationCategory; text: string; link: string };

/**
 * The e-mail side of a notification, as its recipient chose for the category: instant → one
 * e-mail through the outbox now; daily/weekly → waits for that digest; off → nothing. Inactive
 * people get none.
 */
export async function emailNotification(db: Database, frequency: EmailFrequency, item: EmailedNotification): Promise<void> {
  switch (frequency) {
    case 'off':
      return;
    case 'daily':
    case 'weekly':
      await db.insert(notificationDigestItems).values({ ...item, frequency });
      return;
    case 'instant': {
      const context = contexts.get(db);
      if (!context) return;
      const [recipient] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(and(eq(users.id, item.userId), eq(users.isActive, true)))
        .limit(1);
      if (!recipient) return;
      await enqueueEmail(db, instantNotificationEmail(context.site, recipient, item));
      context.trigger();
      return;
    }
  }
}
