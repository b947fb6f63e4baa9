import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outgoingEmails } from '../../db/schema/index';
import { createTestApp, createTestClock, type TestApp, type TestClock } from '../../test/index';
import { retryDelayMs, type MailMessage, type MailTransport } from './index';

/** How often the loop polls (lib/mailer/index.ts). */
const POLL_MS = 5_000;
const sent: MailMessage[] = [];
/** Recipients whose next send fails once (an SMTP hiccup). */
const failOnce = new Set<string>();
const transport: MailTransport = {
  kind: 'log',
  send: async (message) => {
    if (failOnce.delete(message.to)) throw new Error('SMTP unavailable');
    sent.push(message);
  },
  close: () => undefined,
};

let t: TestApp;
let clock: TestClock;

beforeAll(async () => {
  clock = createTestClock(new Date(Date.now() + 60_000));
  t = await createTestApp({}, { mailer: { transport }, clock, jobs: ['mail-delivery'] });
  await t.app.ready();
  await clock.advance(0);
});
afterAll(() => t.close());

const sentTo = (to: string) => sent.filter((message) => message.to === to).length;
async function queue(to: string): Promise<number> {
  const id = await t.app.mailer.enqueue(t.db, { to, subject: 'Hello', text: 'Hello.', html: null });
  t.app.mailer.trigger();
  return id;
}

describe('the e-mail delivery loop', () => {
  it('delivers a queued message right after the trigger, once', async () => {
    const to = `${randomUUID()}@example.com`;
    await queue(to);
    await clock.advance(0);
    expect(sentTo(to)).toBe(1);
    await clock.advance(10 * POLL_MS);
    expect(sentTo(to)).toBe(1);
  });

  it('leaves a message alone until it is due, then delivers it at the next poll', async () => {
    const to = `${randomUUID()}@example.com`;
    const id = await queue(to);
    await t.db
      .update(outgoingEmails)
      .set({ nextAttemptAt: new Date(clock.now().getTime() + 2 * POLL_MS) })
      .where(eq(outgoingEmails.id, id));
    await clock.advance(POLL_MS);
    expect(sentTo(to)).toBe(0);
    await clock.advance(POLL_MS);
    expect(sentTo(to)).toBe(1);
  });

  it('retries a failed delivery after its backoff', async () => {
    const to = `${randomUUID()}@example.com`;
    failOnce.add(to);
    const id = await queue(to);
    await clock.advance(0);
    expect(sentTo(to)).toBe(0);
    const [failed] = await t.db.select().from(outgoingEmails).where(eq(outgoingEmails.id, id));
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, lastError: 'SMTP unavailable' });
    await clock.advance(retryDelayMs(1) - POLL_MS);
    expect(sentTo(to)).toBe(0);
    await clock.advance(POLL_MS);
    expect(sentTo(to)).toBe(1);
  });
});
