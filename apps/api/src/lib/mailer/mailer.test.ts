import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outgoingEmails } from '../../db/schema/index';
import { registration } from '../../test/registration';
import { freePort, startSmtpServer, type ReceivedMail } from '../../test/smtp-server';
import { createTestApp, emailsTo, lastCodeSentTo, type TestApp } from '../../test/index';
import { MAX_DELIVERY_ATTEMPTS, OUTBOX_RETENTION_MS, REDACTED_BODY, retryDelayMs, type MailMessage, type MailTransport } from './index';
import { CLAIM_BATCH_SIZE } from './outbox';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function testApp(...args: Parameters<typeof createTestApp>): Promise<TestApp> {
  const t = await createTestApp(...args);
  cleanups.push(() => t.close());
  return t;
}

/** The code in a received message's text part (the indented line of codeEmail). */
function codeIn(received: ReceivedMail | undefined): string {
  const code = /\n {4}(\d{6})\r?\n/.exec(received?.raw ?? '')?.[1];
  if (!code) throw new Error('no code in the received message');
  return code;
}

async function register(t: TestApp): Promise<string> {
  const body = registration();
  const response = await t.app.inject({ method: 'POST', url: '/users/register/', payload: body });
  expect(response.statusCode).toBe(201);
  return String(body.email);
}

describe('mailer', () => {
  it('delivers the code over real SMTP from the background loop', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const t = await testApp(
      { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'AlumLink <no-reply@alumlink.test>' },
      { jobs: ['mail-delivery'] },
    );
    await t.app.ready();
    const email = await register(t);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const [message] = smtp.received;
    expect(message?.to).toEqual([email]);
    expect(message?.from).toBe('no-reply@alumlink.test');
    expect(message?.raw).toContain('Subject: Your AlumLink verification code');
    const code = codeIn(message);
    await vi.waitFor(async () => expect((await emailsTo(t.db, email))[0]?.status).toBe('sent'), { timeout: 5_000 });
    // Delivered: the outbox no longer holds the code.
    const [stored] = await emailsTo(t.db, email);
    expect(stored?.textBody).not.toContain(code);
    expect(stored?.htmlBody).toBeNull();
  });

  it('lets registration answer while SMTP is down, retries with backoff, and delivers once SMTP is back', async () => {
    const port = await freePort();
    const t = await testApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const email = await register(t);

    const firstTry = await t.app.mailer.deliverPending();
    expect(firstTry).toEqual({ sent: 0, failed: 1 });
    const [queued] = await emailsTo(t.db, email);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    expect(queued?.lastError).toBeTruthy();
    expect(queued?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5_000);
    // Not due yet: nothing is tried.
    expect(await t.app.mailer.deliverPending()).toEqual({ sent: 0, failed: 0 });

    const code = await lastCodeSentTo(t.db, email);
    const smtp = await startSmtpServer(port);
    cleanups.push(smtp.close);
    const later = new Date(Date.now() + retryDelayMs(1) + 1_000);
    expect(await t.app.mailer.deliverPending(later)).toEqual({ sent: 1, failed: 0 });
    expect(await t.app.mailer.deliverPending(new Date(later.getTime() + 60 * 60 * 1000))).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(codeIn(smtp.received[0])).toBe(code);
    expect((await emailsTo(t.db, email))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null, textBody: REDACTED_BODY });
  });

  it('never sends one message twice when deliveries run in parallel', async () => {
    const sent: MailMessage[] = [];
    const transport: MailTransport = {
      kind: 'log',
      send: async (message) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(message);
      },
      close: () => undefined,
    };
    const t = await testApp({}, { mailer: { transport } });
    for (let index = 0; index < 12; index += 1) {
      await t.app.mailer.enqueue(t.db, { to: `p${index}@example.com`, subject: `S${index}`, text: 'hello', html: null });
    }
    const reports = await Promise.all([t.app.mailer.deliverPending(), t.app.mailer.deliverPending(), t.app.mailer.deliverPending()]);
    expect(reports.reduce((total, report) => total + report.sent, 0)).toBe(12);
    expect(sent).toHaveLength(12);
    expect(new Set(sent.map((message) => message.to)).size).toBe(12);
  });

  it('makes a queued message due from the instant it was written, never a fraction of a millisecond later', async () => {
    // Claims compare next_attempt_at with a JavaScript Date, which drops the microseconds. Rounded
    // to the millisecond, a default of now() lay up to half a millisecond in the future about half
    // the time, so a delivery right after the write skipped the message (the parallel delivery
    // test above sent 11 of 12). Inside a transaction now() stands still, so every row must be
    // due at the transaction's own now().
    const t = await testApp();
    for (let index = 0; index < 20; index += 1) {
      const dueAtWrite = await t.db.transaction(async (tx) => {
        await t.app.mailer.enqueue(tx, { to: `due${index}@example.com`, subject: 'Due', text: 'hello', html: null });
        const [row] = await tx
          .select({ due: sql<boolean>`${outgoingEmails.nextAttemptAt} <= now()` })
          .from(outgoingEmails)
          .where(eq(outgoingEmails.toAddress, `due${index}@example.com`));
        return row?.due;
      });
      expect(dueAtWrite).toBe(true);
    }
  });

  it('sends the whole queue in one run, batch after batch, and claims no more once a batch comes back short', async () => {
    const sent: MailMessage[] = [];
    const transport: MailTransport = { kind: 'log', send: async (message) => void sent.push(message), close: () => undefined };
    const t = await testApp({}, { mailer: { transport } });
    const total = 2 * CLAIM_BATCH_SIZE + 3;
    for (let index = 0; index < total; index += 1) {
      await t.app.mailer.enqueue(t.db, { to: `q${index}@example.com`, subject: `Q${index}`, text: 'hello', html: null });
    }
    expect(await t.app.mailer.deliverPending()).toEqual({ sent: total, failed: 0 });
    expect(new Set(sent.map((message) => message.to)).size).toBe(total);
    expect(await t.app.mailer.deliverPending()).toEqual({ sent: 0, failed: 0 });
  });

  it('gives a message up after the last attempt', async () => {
    const transport: MailTransport = {
      kind: 'smtp',
      send: async () => {
        throw new Error('550 mailbox unavailable');
      },
      close: () => undefined,
    };
    const t = await testApp({}, { mailer: { transport } });
    const id = await t.app.mailer.enqueue(t.db, { to: 'gone@example.com', subject: 'S', text: 'T', html: null });
    let clock = Date.now();
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
      expect(await t.app.mailer.deliverPending(new Date(clock))).toEqual({ sent: 0, failed: 1 });
      clock += retryDelayMs(attempt) + 1_000;
    }
    const [row] = await t.db.select().from(outgoingEmails).where(eq(outgoingEmails.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS, lastError: '550 mailbox unavailable' });
    expect(await t.app.mailer.deliverPending(new Date(clock + 10 * 60 * 60 * 1000))).toEqual({ sent: 0, failed: 0 });
  });

  it('without SMTP, marks messages sent to the dev mailbox (the log), which keeps them whole', async () => {
    const t = await testApp();
    expect(t.app.mailer.transport.kind).toBe('log');
    const email = await register(t);
    const code = await lastCodeSentTo(t.db, email);
    expect(await t.app.mailer.deliverPending()).toEqual({ sent: 1, failed: 0 });
    expect((await emailsTo(t.db, email))[0]?.status).toBe('sent');
    // The dev mailbox is the delivery here: the code stays readable there, also much later.
    expect(await lastCodeSentTo(t.db, email)).toBe(code);
    await t.app.mailer.deliverPending(new Date(Date.now() + 2 * OUTBOX_RETENTION_MS));
    expect(await lastCodeSentTo(t.db, email)).toBe(code);
  });

  it('with SMTP, keeps no code in the outbox once sent, and deletes old finished messages', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const t = await testApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    const email = await register(t);
    const code = await lastCodeSentTo(t.db, email);
    expect(await t.app.mailer.deliverPending()).toEqual({ sent: 1, failed: 0 });
    expect(codeIn(smtp.received[0])).toBe(code);
    const [sent] = await emailsTo(t.db, email);
    expect(sent).toMatchObject({ status: 'sent', subject: 'Your AlumLink verification code', textBody: REDACTED_BODY, htmlBody: null });
    await expect(lastCodeSentTo(t.db, email)).rejects.toThrow();

    // Eight days later: the old sent message goes; a recent sent one and a queued one stay.
    const now = Date.now();
    const recentId = await t.app.mailer.enqueue(t.db, { to: 'recent@example.com', subject: 'Recent', text: 'r', html: null });
    expect(await t.app.mailer.deliverPending()).toEqual({ sent: 1, failed: 0 });
    await t.db
      .update(outgoingEmails)
      .set({ createdAt: new Date(now + 2 * 24 * 60 * 60 * 1000) })
      .where(eq(outgoingEmails.id, recentId));
    const queuedId = await t.app.mailer.enqueue(t.db, { to: 'later@example.com', subject: 'Later', text: 'q', html: null });
    await t.db
      .update(outgoingEmails)
      .set({ nextAttemptAt: new Date(now + 30 * 24 * 60 * 60 * 1000) })
      .where(eq(outgoingEmails.id, queuedId));

    expect(await t.app.mailer.deliverPending(new Date(now + 8 * 24 * 60 * 60 * 1000))).toEqual({ sent: 0, failed: 0 });
    expect(await emailsTo(t.db, email)).toEqual([]);
    expect((await emailsTo(t.db, 'recent@example.com')).map((row) => row.id)).toEqual([recentId]);
    expect((await emailsTo(t.db, 'later@example.com'))[0]).toMatchObject({ id: queuedId, status: 'queued', textBody: 'q' });
  });

  it('with SMTP, drops the body of a message given up too', async () => {
    const transport: MailTransport = {
      kind: 'smtp',
      send: async () => {
        throw new Error('550 mailbox unavailable');
      },
      close: () => undefined,
    };
    const t = await testApp({ smtpUrl: 'smtp://127.0.0.1:2525' }, { mailer: { transport } });
    const id = await t.app.mailer.enqueue(t.db, { to: 'gone@example.com', subject: 'S', text: 'code 123456', html: '<p>123456</p>' });
    let clock = Date.now();
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
      const [row] = await t.db.select().from(outgoingEmails).where(eq(outgoingEmails.id, id));
      expect(row?.textBody, 'kept while it may still be sent').toBe('code 123456');
      await t.app.mailer.deliverPending(new Date(clock));
      clock += retryDelayMs(attempt) + 1_000;
    }
    const [row] = await t.db.select().from(outgoingEmails).where(eq(outgoingEmails.id, id));
    expect(row).toMatchObject({ status: 'failed', textBody: REDACTED_BODY, htmlBody: null });
  });
});
