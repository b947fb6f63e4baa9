import type { FastifyInstance } from 'fastify';
import { devMailboxEnabled } from '../../config';
import type { Executor } from '../../db/client';
import { systemClock, type Clock } from '../scheduler/clock';
import {
  CLAIM_BATCH_SIZE,
  enqueueEmail,
  markFailed,
  OUTBOX_RETENTION_MS,
  prepareEnqueueEmail,
  prepareOutboxDelivery,
  purgeFinishedEmails,
} from './outbox';
import { createLogTransport, createSmtpTransport, type MailMessage, type MailTransport } from './transports';

export { escapeHtml } from './templates';
export {
  enqueueEmails,
  MAX_DELIVERY_ATTEMPTS,
  outboxInsertSql,
  OUTBOX_RETENTION_MS,
  readOutboxStats,
  REDACTED_BODY,
  retryDelayMs,
  type OutboxStats,
} from './outbox';
export type { MailMessage, MailTransport } from './transports';

/** How often a delivery run also deletes old finished messages (when the outbox does not keep them). */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export type MailerOptions = {
  /** Overrides the transport chosen from SMTP_URL (real SMTP) or its absence (log). */
  transport?: MailTransport;
  /** Time of deliveries (default: the system clock). */
  clock?: Clock;
  /**
   * Wakes the mail-delivery job (buildApp passes `app.jobs.trigger('mail-delivery')`); it does
   * nothing where that job does not run (tests call `deliverPending()`).
   */
  wake?: () => void;
};

export type DeliveryReport = { sent: number; failed: number };

export type Mailer = {
  readonly transport: MailTransport;
  /**
   * Writes a message to the outbox (status queued). Services do not call it: they queue mail
   * through their scope (`work.sendMail`, unit-of-work.ts), which wakes the delivery after the commit.
   */
  enqueue(db: Executor, message: MailMessage): Promise<number>;
  /** Queues a message outside any transaction (a prepared statement) and wakes the delivery at once. */
  send(message: MailMessage): Promise<void>;
  /** Asks the mail-delivery job to deliver now; only the unit of work calls it (after its commit). */
  trigger(): void;
  /**
   * Sends every due queued message once (retries failures later with backoff). Unless the dev
   * mailbox is the delivery, a sent message keeps no body (codes stay readable nowhere) and,
   * at most once an hour, finished messages older than OUTBOX_RETENTION_MS are deleted.
   */
  deliverPending(now?: Date): Promise<DeliveryReport>;
  /** Closes the transport. */
  close(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox and its delivery (lib/mailer; the mail-delivery job sends). */
    mailer: Mailer;
  }
}

/** Builds the mailer of an app (not started). */
export function createMailer(app: FastifyInstance, options: MailerOptions = {}): Mailer {
  const { config, log } = app;
  const clock = options.clock ?? systemClock;
  const transport = options.transport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : createLogTransport(log));
  // The dev mailbox reads the outbox: there the stored message is the delivery and stays whole.
  const keepsMessages = devMailboxEnabled(config);
  const redaction = { redactBody: !keepsMessages };
  const outbox = prepareOutboxDelivery(app.db, redaction);
  const enqueuePrepared = prepareEnqueueEmail(app.db, 'outbox_enqueue_email');
  let lastPurgeAt: number | null = null;

  const purgeIfDue = async (now: Date): Promise<void> => {
    if (keepsMessages || (lastPurgeAt !== null && now.getTime() - lastPurgeAt < PURGE_INTERVAL_MS)) return;
    lastPurgeAt = now.getTime();
    const purged = await purgeFinishedEmails(app.db, new Date(now.getTime() - OUTBOX_RETENTION_MS));
    if (purged > 0) log.info({ purged }, 'Old e-mails deleted from the outbox');
  };

  const deliverPending = async (now?: Date): Promise<DeliveryReport> => {
    const report: DeliveryReport = { sent: 0, failed: 0 };
    for (;;) {
      const claimedAt = now ?? clock.now();
      const batch = await outbox.claimDue(claimedAt);
      for (const row of batch) {
        try {
          await transport.send({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody, headers: row.headers });
          await outbox.markSent(row.id, now ?? clock.now());
          report.sent += 1;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          log.warn({ emailId: row.id, attempts: row.attempts, err: message }, 'E-mail delivery failed; will retry');
          await markFailed(app.db, row, message, now ?? clock.now(), redaction);
          report.failed += 1;
        }
      }
      // A short batch was every message due when it was claimed: no second claim to find none
      // (a message queued since then triggers another run).
      if (batch.length < CLAIM_BATCH_SIZE) {
        await purgeIfDue(claimedAt);
        return report;
      }
    }
  };

  return {
    transport,
    enqueue: enqueueEmail,
    async send(message) {
      await enqueuePrepared(message);
      options.wake?.();
    },
    trigger: () => options.wake?.(),
    deliverPending,
    close: () => transport.close(),
  };
}

/**
 * Decorates `app.mailer`. Its delivery is the mail-delivery job (plugins/schedulers.ts), which
 * is registered later, so it stops (onClose hooks run last-registered first) before this hook closes the transport.
 */
export function registerMailer(app: FastifyInstance, options: MailerOptions = {}): void {
  const mailer = createMailer(app, options);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
}
