import type { AppConfig } from '../../config';
import { escapeHtml, type MailMessage } from '../../lib/mailer/index';

type Reminder = { title: string; startsAt: Date; host: string; email: string; firstName: string };

/** "Friday, 3 May 2030 at 17:00 UTC": e-mails cannot know the reader's time zone. */
function formatStart(startsAt: Date): string {
  const formatted = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(startsAt);
  return `${formatted} UTC`;
}

/** The reminder a registered person receives the day before an event. */
export function eventReminderEmail(site: Pick<AppConfig, 'siteName' | 'publicUrl'>, reminder: Reminder): MailMessage {
  const greeting = reminder.firstName.trim() ? `Hello ${reminder.firstName.trim()},` : 'Hello,';
  const when = formatStart(reminder.startsAt);
  const host = reminder.host.trim() ? ` Hosted by ${reminder.host.trim()}.` : '';
  const eventsUrl = `${site.publicUrl}/events`;
  const text = [
    greeting,
    '',
    `A reminder: "${reminder.title}" starts on ${when}.${host}`,
    '',
    `You registered for it on ${site.siteName}. See the event: ${eventsUrl}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>A reminder: <strong>${escapeHtml(reminder.title)}</strong> starts on ${escapeHtml(when)}.${escapeHtml(host)}</p>`,
    `<p>You registered for it on ${escapeHtml(site.siteName)}. <a href="${escapeHtml(eventsUrl)}">See the event</a></p>`,
  ].join('\n');
  return { to: reminder.email, subject: `Reminder: ${reminder.title} starts soon`, text, html };
}
