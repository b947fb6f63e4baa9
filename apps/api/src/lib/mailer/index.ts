import type { FastifyInstance } from 'fastify';
import { devMailboxEnabled } from '../../config';
import type { Executor } from '../../db/client';
import { claimDueEmails, enqueueEmail, markFailed, markSent, OUTBOX_RETENTION_MS, purgeFinishedEmails } from './outbox';
import { createLogTransport, createSmtpTransport, type MailMessage, type MailTransport } from './transports';

export { codeEmail, escapeHtml } from './templates';
export { enqueueEmails, MAX_DELIVERY_ATTEMPTS, OUTBOX_RETENTION_MS, REDACTED_BODY, retryDelayMs } from './outbox';
export type { MailMessage, MailTransport } from './transports';

/** How often the delivery loop looks for due messages (it also runs right after a trigger). */
const POLL_INTERVAL_MS = 5_000;
/** How often a delivery run also deletes old finished messages (when the outbox does not keep them). */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export type MailerOptions = {
  /** Overrides the transport chosen from SMTP_URL (real SMTP) or its absence (log). */
  transport?: MailTransport;
  /**
   * 'loop' (default, except NODE_ENV=test): a background loop started with the server sends due
   * messages every few seconds and right after `trigger()`. 'manual' (default in tests): only
   * `deliverPending()` sends.
   */
  delivery?: 'loop' | 'manual';
};

export type DeliveryReport = { sent: number; failed: number };

export type Mailer = {
  readonly transport: MailTransport;
  /** Writes a message to the outbox (status queued); pass the action's transaction. */
  enqueue(db: Executor, message: MailMessage): Promise<number>;
  /** Asks the loop to deliver now (call after the transaction that enqueued commits). */
  trigger(): void;
  /**
   * Sends every due queued message once (retries failures later with backoff). Unless the dev
   * mailbox is the delivery, a sent message keeps no body (codes stay readable nowhere) and,
   * at most once an hour, finished messages older than OUTBOX_RETENTION_MS are deleted.
   */
  deliverPending(now?: Date): Promise<DeliveryReport>;
  start(): void;
  stop(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox and its delivery loop (lib/mailer). */
    mailer: Mailer;
  }
}

/** Builds the mailer of an app (not started). */
export function createMailer(app: FastifyInstance, options: MailerOptions = {}): Mailer {
  const { config, log } = app;
  const transport =
    options.transport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : createLogTransport(log));
  const loop = (options.delivery ?? (config.nodeEnv === 'test' ? 'manual' : 'loop')) === 'loop';
  // The dev mailbox reads the outbox: there the stored message is the delivery and stays whole.
  const keepsMessages = devMailboxEnabled(config);
  const redaction = { redactBody: !keepsMessages };
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
      const claimedAt = now ?? new Date();
      const batch = await claimDueEmails(app.db, claimedAt);
      if (batch.length === 0) {
        await purgeIfDue(claimedAt);
        return report;
      }
      for (const row of batch) {
        try {
          await transport.send({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody, headers: row.headers });
          await markSent(app.db, row.id, now ?? new Date(), redaction);
          report.sent += 1;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          log.warn({ emailId: row.id, attempts: row.attempts, err: message }, 'E-mail delivery failed; will retry');
          await markFailed(app.db, row, message, now ?? new Date(), redaction);
          report.failed += 1;
        }
      }
    }
  };

  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let runAgain = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(runOnce, delayMs);
    timer.unref();
  };

  function runOnce(): void {
    timer = null;
    if (running) {
      runAgain = true;
      return;
    }
    running = deliverPending()
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, 'E-mail delivery loop failed; will retry'),
      )
      .finally(() => {
        running = null;
        const again = runAgain;
        runAgain = false;
        schedule(again ? 0 : POLL_INTERVAL_MS);
      });
  }

  return {
    transport,
    enqueue: enqueueEmail,
    trigger: () => {
      if (!loop || stopped) return;
      if (running) runAgain = true;
      else schedule(0);
    },
    deliverPending,
    start: () => {
      if (!loop || !stopped) return;
      stopped = false;
      schedule(0);
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      transport.close();
    },
  };
}

/** Decorates `app.mailer`; the delivery loop starts when the server is ready and stops on close. */
export function registerMailer(app: FastifyInstance, options: MailerOptions = {}): void {
  const mailer = createMailer(app, options);
  app.decorate('mailer', mailer);
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', async () => mailer.stop());
}
