import type { AppConfig } from '../../config';
import { escapeHtml, type MailMessage } from '../../lib/mailer/index';

type Site = Pick<AppConfig, 'siteName' | 'publicUrl'>;
type Recipient = { email: string; firstName: string };

const expiryText = (expiresAt: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(expiresAt)} UTC`;

/** "Your data is ready": the signed download link, valid until `expiresAt`. */
export function dataExportReadyEmail(site: Site, to: Recipient, link: string, expiresAt: Date): MailMessage {
  const greeting = to.firstName.trim() ? `Hello ${to.firstName.trim()},` : 'Hello,';
  const until = expiryText(expiresAt);
  const text = [
    greeting,
    '',
    `The copy of your ${site.siteName} data you asked for is ready. Download it here (the link works until ${until}, then the file is deleted):`,
    link,
    '',
    'Anyone with this link can download the file: do not forward this e-mail.',
    '',
    `${site.siteName} · ${site.publicUrl}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>The copy of your ${escapeHtml(site.siteName)} data you asked for is ready.</p>`,
    `<p><a href="${escapeHtml(link)}">Download your data</a> (the link works until ${escapeHtml(until)}, then the file is deleted).</p>`,
    '<p>Anyone with this link can download the file: do not forward this e-mail.</p>',
  ].join('\n');
  return { to: to.email, subject: `${site.siteName}: your data is ready to download`, text, html };
}
