import { escapeHtml, type MailMessage } from '../../lib/mailer/index';

type Site = { siteName: string; publicUrl: string };
type Recipient = { email: string; firstName: string };

/** A plain notice about a change to the account, sent where the owner will see it. */
function notice(site: Site, to: Recipient, subject: string, lines: string[]): MailMessage {
  const greeting = to.firstName.trim() ? `Hello ${to.firstName.trim()},` : 'Hello,';
  const warning = `If this was not you, reset your password at once (${site.publicUrl}/login) and contact us.`;
  const text = [greeting, '', ...lines, '', warning, '', `${site.siteName} · ${site.publicUrl}`].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${escapeHtml(warning)}</p>`,
    `<p><a href="${escapeHtml(site.publicUrl)}">${escapeHtml(site.siteName)}</a></p>`,
  ].join('\n');
  return { to: to.email, subject: `${site.siteName}: ${subject}`, text, html };
}

export function passwordChangedEmail(site: Site, to: Recipient): MailMessage {
  return notice(site, to, 'your password was changed', [
    `The password of your ${site.siteName} account was changed. Every other device was signed out.`,
  ]);
}

/** Sent to the old address once the change is confirmed from the new one. */
export function emailChangedEmail(site: Site, to: Recipient, newEmail: string): MailMessage {
  return notice(site, to, 'your e-mail address was changed', [
    `The e-mail address of your ${site.siteName} account was changed to ${newEmail}. This address no longer signs in.`,
  ]);
}
