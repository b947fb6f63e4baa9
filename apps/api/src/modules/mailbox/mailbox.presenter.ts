import type { DevMailboxMessage } from '@alumlink/contract';
import { devMailboxEnabled, type AppConfig } from '../../config';
import type { OutgoingEmailRow } from '../../db/schema/index';
import { escapeHtml } from '../../lib/mailer/index';

export function presentMailboxMessage(row: OutgoingEmailRow): DevMailboxMessage {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    status: row.status === 'sent' || row.status === 'failed' ? row.status : 'queued',
    created_at: row.createdAt.toISOString(),
  };
}

/** The dev mailbox page: every message escaped, newest first. */
export function renderMailboxPage(siteName: string, rows: OutgoingEmailRow[]): string {
  const items = rows
    .map(
      (row) => `<article>
<h2>${escapeHtml(row.subject)}</h2>
<p class="meta">To ${escapeHtml(row.toAddress)} · ${escapeHtml(row.createdAt.toISOString())} · ${escapeHtml(row.status)}</p>
<pre>${escapeHtml(row.textBody)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(siteName)} dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:.5rem 0}.meta{color:#555;font-size:.9rem}pre{white-space:pre-wrap}</style>
</head>
<body>
<h1>${escapeHtml(siteName)} dev mailbox</h1>
<p>E-mails the server wrote (the last ${rows.length}, newest first). Only on the embedded database without SMTP, outside production, and only for this machine; DEV_MAILBOX=off turns it off.</p>
${items || '<p>No messages yet.</p>'}
</body>
</html>`;
}

/** The start-up line announcing the dev mailbox, or null when it is off. */
export function mailboxStartupNotice(config: AppConfig): string | null {
  if (!devMailboxEnabled(config)) return null;
  return (
    `Dev mailbox on at http://localhost:${config.port}/dev/mailbox/ (this machine only: every e-mail, with its codes, is kept there ` +
    'instead of being sent). Set DEV_MAILBOX=off to turn it off, or SMTP_URL to send e-mail.'
  );
}
