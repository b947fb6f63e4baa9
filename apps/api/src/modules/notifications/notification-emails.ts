import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { userSettings, users } from '../../db/schema/index';
import { escapeHtml, type MailMessage } from '../../lib/mailer/index';

/** What e-mailing a notification needs from the app (the app itself satisfies it). */
export type NotificationContext = Pick<FastifyInstance, 'db' | 'config' | 'mailer'>;

/** The recipient's address when they chose e-mail notifications (settings: notification_type Email), else null. */
async function emailRecipient(db: Executor, userId: number): Promise<{ email: string; firstName: string } | null> {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, channel: userSettings.notificationType, isActive: users.isActive })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.channel === 'Email' && row.isActive ? { email: row.email, firstName: row.firstName } : null;
}

function notificationEmail(site: { siteName: string; publicUrl: string }, to: { email: string; firstName: string }, text: string, path: string): MailMessage {
  const greeting = to.firstName.trim() ? `Hello ${to.firstName.trim()},` : 'Hello,';
  const link = `${site.publicUrl}${path}`;
  const footer = 'You get this e-mail because your notification setting is Email; change it in Settings.';
  return {
    to: to.email,
    subject: `${site.siteName}: ${text}`,
    text: [greeting, '', text, '', link, '', footer].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(text)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(footer)}</p>`,
    ].join('\n'),
  };
}

/** Queues the notification's sentence as an e-mail when the recipient chose e-mail, and triggers delivery. */
export async function emailNotificationIfChosen(ctx: NotificationContext, userId: number, text: string, path: string): Promise<void> {
  const to = await emailRecipient(ctx.db, userId);
  if (!to) return;
  await ctx.mailer.enqueue(ctx.db, notificationEmail(ctx.config, to, text, path));
  ctx.mailer.trigger();
}
