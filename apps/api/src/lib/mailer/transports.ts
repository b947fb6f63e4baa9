import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** One e-mail ready to go out. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) of digests. */
  headers?: Record<string, string> | null;
};

/** Where messages go: real SMTP, or the dev mailbox's log. `send` throws when delivery fails. */
export type MailTransport = {
  kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/** Real SMTP via nodemailer (SMTP_URL, e.g. smtps://user:pass@mail.example.org:465). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // nodemailer waits minutes by default; a down server should fail fast and be retried.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    send: async (message) => {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
    close: () => transporter.close(),
  };
}

/** The dev mailbox without SMTP: the message stays in the database and is printed to the log. */
export function createLogTransport(log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'log',
    send: async (message) => {
      log.info({ to: message.to, subject: message.subject, text: message.text }, 'E-mail (dev mailbox, not sent)');
    },
    close: () => undefined,
  };
}
