import type { AppConfig } from '../../config';
import { escapeHtml, type MailMessage } from '../../lib/mailer/index';

type Site = Pick<AppConfig, 'siteName' | 'publicUrl'>;
type Recipient = { email: string; firstName: string };

/** Settings → Your data in the web app, where the signed-in owner downloads the file. */
export const yourDataUrl = (site: Site) => `${site.publicUrl}/user/settings#your-data`;

const expiryText = (expiresAt: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(expiresAt)} UTC`;

/**
 * "Your data is ready": a link to Settings → Your data, never to the file: downloading needs the
 * owner signed in (DESIGN 8.4), so a forwarded e-mail or a logged URL gives nothing away.
 */
export function dataExportReadyEmail(site: Site, to: Recipient, expiresAt: Date): MailMessage {
  const greeting = to.firstName.trim() ? `Hello ${to.firstName.trim()},` : 'Hello,';
  const until = expiryText(expiresAt);
  const link = yourDataUrl(site);
  const text = [
    greeting,
    '',
    `The copy of your ${site.siteName} data you asked for is ready. Sign in and download it from Settings → Your data (until ${until}, then the file is deleted):`,
    link,
    '',
    `${site.siteName} · ${site.publicUrl}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>The copy of your ${escapeHtml(site.siteName)} data you asked for is ready.</p>`,
    `<p>Sign in and download it from <a href="${escapeHtml(link)}">Settings → Your data</a> (until ${escapeHtml(until)}, then the file is deleted).</p>`,
  ].join('\n');
  return { to: to.email, subject: `${site.siteName}: your data is ready to download`, text, html };
}
