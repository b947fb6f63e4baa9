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

/** Confirms a deletion to the address of the account that is gone (no warning line: it cannot be undone). */
export function accountDeletedEmail(site: Site, to: Recipient, by: 'self' | 'admin'): MailMessage {
  const greeting = to.firstName.trim() ? `Hello ${to.firstName.trim()},` : 'Hello,';
  const lines = [
    by === 'self'
      ? `Your ${site.siteName} account has been deleted, as you asked.`
      : `Your ${site.siteName} account has been deleted by an administrator.`,
    'Your profile, posts, comments, likes, media and data exports are gone. People you wrote to keep the conversations, with your messages shown from "Deleted user". You can no longer sign in.',
    `You can register again with this address at any time: ${site.publicUrl}`,
  ];
  const text = [greeting, '', ...lines, '', `${site.siteName} · ${site.publicUrl}`].join('\n');
  const html = [`<p>${escapeHtml(greeting)}</p>`, ...lines.map((line) => `<p>${escapeHtml(line)}</p>`)].join('\n');
  return { to: to.email, subject: `${site.siteName}: your account has been deleted`, text, html };
}
