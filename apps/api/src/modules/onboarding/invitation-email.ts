import { ONBOARDING_LIMITS, roleLabel } from '@alumlink/contract';
import { escapeHtml, type MailMessage } from '../../lib/mailer/index';

type Site = { siteName: string; publicUrl: string };

/** The link of an invitation: the web app's Join page with the token. */
export function joinLink(site: Site, token: string): string {
  return `${site.publicUrl}/join?token=${encodeURIComponent(token)}`;
}

/** The e-mail inviting someone: who invited them, for what role, and the link (valid 14 days). */
export function invitationEmail(
  site: Site,
  invitation: { email: string; firstName: string; role: string; invitedBy: string; cohort: string | null },
  token: string,
): MailMessage {
  const link = joinLink(site, token);
  const greeting = invitation.firstName.trim() ? `Hello ${invitation.firstName.trim()},` : 'Hello,';
  const what = `${invitation.invitedBy} invited you to join ${site.siteName} as ${roleLabel(invitation.role)}${invitation.cohort ? ` (${invitation.cohort})` : ''}.`;
  const validity = `The link works once and for ${ONBOARDING_LIMITS.invitationDays} days.`;
  const text = [
    greeting,
    '',
    what,
    '',
    'Set your password and sign in here:',
    link,
    '',
    validity,
    '',
    `${site.siteName} · ${site.publicUrl}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(what)}</p>`,
    `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
    `<p>${escapeHtml(validity)}</p>`,
  ].join('\n');
  return { to: invitation.email, subject: `You are invited to ${site.siteName}`, text, html };
}
