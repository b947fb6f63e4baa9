import { LIMITS } from '@alumlink/contract';
import { escapeHtml, type MailMessage } from '../../lib/mailer/index';
import type { CodePurpose } from './one-time-codes';

type Site = { siteName: string; publicUrl: string };

const WHAT: Record<CodePurpose, { subject: string; action: string }> = {
  verify: { subject: 'verification code', action: 'verify your e-mail address' },
  reset: { subject: 'password reset code', action: 'reset your password' },
  'sign-in': { subject: 'sign-in code', action: 'sign in' },
  'email-change': { subject: 'e-mail change code', action: 'confirm your new e-mail address' },
  unlock: {
    subject: 'unlock code (repeated failed sign-ins)',
    action: 'sign in with your password after repeated failed sign-ins on your account (change your password if they were not yours)',
  },
};

/** The e-mail carrying a one-time code: plain text and simple HTML. */
export function codeEmail(site: Site, to: { email: string; firstName: string }, purpose: CodePurpose, code: string): MailMessage {
  const what = WHAT[purpose];
  const greeting = to.firstName.trim() ? `Hello ${to.firstName.trim()},` : 'Hello,';
  const validity = `This code is valid for ${LIMITS.otpTtlMinutes} minutes.`;
  const ignore = 'If you did not ask for it, you can ignore this e-mail.';
  const text = [
    greeting,
    '',
    `Use this code to ${what.action} on ${site.siteName}:`,
    '',
    `    ${code}`,
    '',
    validity,
    ignore,
    '',
    `${site.siteName} · ${site.publicUrl}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>Use this code to ${escapeHtml(what.action)} on ${escapeHtml(site.siteName)}:</p>`,
    `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p>`,
    `<p>${escapeHtml(validity)} ${escapeHtml(ignore)}</p>`,
    `<p><a href="${escapeHtml(site.publicUrl)}">${escapeHtml(site.siteName)}</a></p>`,
  ].join('\n');
  return { to: to.email, subject: `Your ${site.siteName} ${what.subject}`, text, html };
}
