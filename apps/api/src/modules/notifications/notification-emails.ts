import { NOTIFICATION_CATEGORIES, NOTIFICATION_CATEGORY_LABELS, type DigestFrequency, type NotificationCategory } from '@alumlink/contract';
import type { AppConfig } from '../../config';
import { escapeHtml, type MailMessage } from '../../lib/mailer/index';
import { signUnsubscribeToken } from './unsubscribe-token';

type Site = Pick<AppConfig, 'siteName' | 'publicUrl' | 'jwtSecret'>;
/** Whom a notification e-mail greets and goes to. */
export type Recipient = { id: number; email: string; firstName: string };
export type EmailedItem = { category: NotificationCategory; text: string; link: string; createdAt: Date };

const greetingOf = (recipient: Recipient) => (recipient.firstName.trim() ? `Hello ${recipient.firstName.trim()},` : 'Hello,');

/** The page that shows and confirms (GET) what a link stops; the header's URL does it (POST, RFC 8058). */
function unsubscribeLinks(site: Site, recipient: Recipient, categories: NotificationCategory[]) {
  const token = signUnsubscribeToken(site.jwtSecret, { userId: recipient.id, categories });
  return {
    page: `${site.publicUrl}/unsubscribe?token=${token}`,
    headers: {
      'List-Unsubscribe': `<${site.publicUrl}/api/unsubscribe/?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const settingsUrl = (site: Site) => `${site.publicUrl}/user/settings/notifications`;

/** One notification e-mailed at once (its category is set to instant). */
export function instantNotificationEmail(
  site: Site,
  recipient: Recipient,
  item: Omit<EmailedItem, 'createdAt'> & { subject?: string },
): MailMessage {
  const label = NOTIFICATION_CATEGORY_LABELS[item.category].toLowerCase();
  const unsubscribe = unsubscribeLinks(site, recipient, [item.category]);
  const url = `${site.publicUrl}${item.link}`;
  const text = [
    greetingOf(recipient),
    '',
    item.text,
    url,
    '',
    `Stop e-mails about ${label}: ${unsubscribe.page}`,
    `Choose what you receive: ${settingsUrl(site)}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greetingOf(recipient))}</p>`,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(item.text)}</a></p>`,
    `<p style="font-size:12px;color:#666"><a href="${escapeHtml(unsubscribe.page)}">Stop e-mails about ${escapeHtml(label)}</a> · <a href="${escapeHtml(settingsUrl(site))}">Choose what you receive</a></p>`,
  ].join('\n');
  return { to: recipient.email, subject: `${site.siteName}: ${item.subject ?? item.text}`, text, html, headers: unsubscribe.headers };
}

const PERIOD_WORD: Record<DigestFrequency, string> = { daily: 'day', weekly: 'week' };

/**
 * A daily or weekly digest: the items grouped by category (in the settings' order), each with its
 * link; one unsubscribe link per category in the body, and List-Unsubscribe for all of them.
 */
export function digestEmail(site: Site, recipient: Recipient, frequency: DigestFrequency, items: EmailedItem[]): MailMessage {
  const categories = NOTIFICATION_CATEGORIES.filter((category) => items.some((item) => item.category === category));
  const all = unsubscribeLinks(site, recipient, categories);
  const count = items.length;
  const subject = `Your ${frequency} ${site.siteName} digest: ${count} new ${count === 1 ? 'notification' : 'notifications'}`;
  const text: string[] = [greetingOf(recipient), '', `Here is what happened on ${site.siteName} this ${PERIOD_WORD[frequency]}.`];
  const html: string[] = [
    `<p>${escapeHtml(greetingOf(recipient))}</p>`,
    `<p>Here is what happened on ${escapeHtml(site.siteName)} this ${PERIOD_WORD[frequency]}.</p>`,
  ];
  for (const category of categories) {
    const label = NOTIFICATION_CATEGORY_LABELS[category];
    const stop = unsubscribeLinks(site, recipient, [category]).page;
    const group = items.filter((item) => item.category === category);
    text.push('', `${label} (${group.length})`);
    html.push(`<h3 style="margin:16px 0 4px">${escapeHtml(label)} (${group.length})</h3>`, '<ul>');
    for (const item of group) {
      const url = `${site.publicUrl}${item.link}`;
      text.push(`- ${item.text} ${url}`);
      html.push(`<li><a href="${escapeHtml(url)}">${escapeHtml(item.text)}</a></li>`);
    }
    text.push(`  Stop e-mails about ${label.toLowerCase()}: ${stop}`);
    html.push(
      '</ul>',
      `<p style="font-size:12px"><a href="${escapeHtml(stop)}">Stop e-mails about ${escapeHtml(label.toLowerCase())}</a></p>`,
    );
  }
  text.push('', `Unsubscribe from this digest: ${all.page}`, `Choose what you receive: ${settingsUrl(site)}`);
  html.push(
    `<p style="font-size:12px;color:#666"><a href="${escapeHtml(all.page)}">Unsubscribe from this digest</a> · <a href="${escapeHtml(settingsUrl(site))}">Choose what you receive</a></p>`,
  );
  return { to: recipient.email, subject, text: text.join('\n'), html: html.join('\n'), headers: all.headers };
}
