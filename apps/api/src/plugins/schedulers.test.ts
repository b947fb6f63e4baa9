import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { openPostgres, type DatabaseConnection } from '../db/client';
import { dataExports, notifications, outgoingEmails, referralRequestEvents, referralRequests } from '../db/schema/index';
import type { MailMessage, MailTransport } from '../lib/mailer/index';
import { emailNotification } from '../modules/notifications/delivery';
import { backgroundJobs } from './schedulers';
import {
  authHeader,
  createEvent,
  createEventRegistration,
  createReferral,
  createReferralRequest,
  createTestApp,
  createTestClock,
  createTestConfig,
  createUser,
  type TestApp,
  type TestClock,
} from '../test/index';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A transport that records what it sends, named after its instance; a send takes a few (real) milliseconds, as SMTP would. */
function recordingTransport(instance: string, sent: { instance: string; message: MailMessage }[]): MailTransport {
  return {
    kind: 'log',
    send: async (message) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push({ instance, message });
    },
    close: () => undefined,
  };
}

describe('the schedulers', () => {
  it('start none under NODE_ENV=test (BACKGROUND_JOBS defaults to off there; tests run jobs by hand)', async () => {
    const clock = createTestClock(new Date());
    const t = await createTestApp({}, { clock });
    try {
      await t.app.ready();
      expect(clock.pendingTimers()).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('start every declared job when a server with BACKGROUND_JOBS on is ready and stop them all when it closes', async () => {
    const clock = createTestClock(new Date());
    const t = await createTestApp(
      { nodeEnv: 'development', backgroundJobs: true, exportWorkerMs: MINUTE },
      { mailer: { transport: recordingTransport('one', []) }, clock },
    );
    try {
      expect(clock.pendingTimers()).toBe(0);
      await t.app.ready();
      expect(t.app.jobs.running()).toEqual(backgroundJobs.map((job) => job.name));
      // Mail delivery, event reminders, digests, referral expiry, data exports, socket sign-ins, cohort steps, roster import sweep.
      expect(clock.pendingTimers()).toBe(backgroundJobs.length);
      expect(backgroundJobs).toHaveLength(8);
      await clock.advance(MINUTE);
    } finally {
      await t.close();
    }
    expect(clock.pendingTimers()).toBe(0);
  });
});

// Two servers with their own pools on one PostgreSQL database (CI sets TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let t: TestApp;
  let second: { app: App; database: DatabaseConnection };
  let clock: TestClock;
  const sent: { instance: string; message: MailMessage }[] = [];

  beforeAll(async () => {
    // 09:00 UTC, after the daily digest hour; both servers share the clock, so their ticks coincide.
    clock = createTestClock(new Date(Date.UTC(2036, 4, 14, 9)));
    const options = (instance: string) => ({ mailer: { transport: recordingTransport(instance, sent) }, clock });
    const overrides = { nodeEnv: 'development', backgroundJobs: true, exportWorkerMs: MINUTE } as const;
    t = await createTestApp(overrides, options('one'));
    const driver = t.database.driver;
    if (driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const database = await openPostgres(String(driver.pool.options.connectionString));
    second = { app: await buildApp({ config: createTestConfig(overrides), database, ...options('two') }), database };
    // Both pools connected, so both instances' first ticks really run at once.
    await Promise.all([t.database.ping(), database.ping()]);
  });
  afterAll(async () => {
    await second.app.close();
    await second.database.close();
    await t.close();
  });

  it('handle each due reminder, digest, expiry, data export and outbox message exactly once', async () => {
    const now = clock.now();
    const attendees = await Promise.all(Array.from({ length: 30 }, () => createUser(t.db)));
    const event = await createEvent(t.db, { title: 'Twin Summit', startsAt: new Date(now.getTime() + 2 * HOUR) });
    for (const person of attendees) await createEventRegistration(t.db, { eventId: event.id, userId: person.id });

    const readers = await Promise.all(Array.from({ length: 30 }, () => createUser(t.db)));
    for (const person of readers)
      await emailNotification(t.ctx, 'daily', { userId: person.id, category: 'comment', text: 'Kim commented.', link: '/user' }, null);

    const owner = await createUser(t.db, { role: 'AL' });
    const offer = await createReferral(t.db, {
      alumniId: owner.id,
      company: 'Initech',
      role: 'Tester',
      ctc: '10.0',
      location: 'Remote',
      requirements: 'QA',
    });
    const requesters = await Promise.all(Array.from({ length: 30 }, () => createUser(t.db)));
    const createdAt = new Date(now.getTime() - 31 * DAY);
    const staleIds = [];
    for (const person of requesters) {
      staleIds.push(
        (
          await createReferralRequest(t.db, {
            referralId: offer.id,
            requesterId: person.id,
            message: 'Please',
            createdAt,
            updatedAt: createdAt,
          })
        ).id,
      );
    }

    const queuedIds = [];
    for (let index = 0; index < 30; index += 1) {
      queuedIds.push(await t.app.mailer.enqueue(t.db, { to: `queued-${index}@example.com`, subject: 'Queued', text: 'Hi.', html: null }));
    }

    const exporters = await Promise.all(Array.from({ length: 3 }, () => createUser(t.db)));
    for (const person of exporters) {
      const asked = await t.app.inject({ method: 'POST', url: '/api/account/export/', headers: await authHeader(t.app, person) });
      expect(asked.statusCode).toBe(202);
    }

    await Promise.all([t.app.ready(), second.app.ready()]);

    await clock.advance(0);
    await clock.advance(15 * MINUTE);

    const outbox = await t.db.select().from(outgoingEmails);
    const sendsOf = (to: string, subject: string) => sent.filter(({ message }) => message.to === to && message.subject === subject).length;
    for (const person of attendees) {
      expect(outbox.filter((mail) => mail.toAddress === person.email && mail.subject === 'Reminder: Twin Summit starts soon')).toHaveLength(
        1,
      );
      expect(sendsOf(person.email, 'Reminder: Twin Summit starts soon')).toBe(1);
    }
    for (const person of readers) {
      const digests = outbox.filter((mail) => mail.toAddress === person.email && mail.subject.includes('digest'));
      expect(digests).toHaveLength(1);
      expect(sendsOf(person.email, digests[0]?.subject ?? '')).toBe(1);
    }
    expect(
      (await t.db.select().from(referralRequests).where(inArray(referralRequests.id, staleIds))).every((row) => row.status === 'expired'),
    ).toBe(true);
    const history = await t.db
      .select()
      .from(referralRequestEvents)
      .where(and(inArray(referralRequestEvents.requestId, staleIds), eq(referralRequestEvents.status, 'expired')));
    expect(history).toHaveLength(staleIds.length);
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.userId,
          requesters.map((person) => person.id),
        ),
      );
    expect(told).toHaveLength(requesters.length);
    const builds = await t.db
      .select()
      .from(dataExports)
      .where(
        inArray(
          dataExports.userId,
          exporters.map((person) => person.id),
        ),
      );
    expect(builds.map((row) => [row.status, row.attempts])).toEqual(exporters.map(() => ['ready', 1]));
    for (const person of exporters) expect(outbox.filter((mail) => mail.toAddress === person.email)).toHaveLength(1);
    for (let index = 0; index < 30; index += 1) expect(sendsOf(`queued-${index}@example.com`, 'Queued')).toBe(1);
    // Every message in the outbox went out, each exactly once, whichever instance sent it.
    expect(outbox.every((mail) => mail.status === 'sent')).toBe(true);
    expect(sent).toHaveLength(outbox.length);
    // Both instances took part (the first tick's claims ran at the same moment).
    expect(new Set(sent.map(({ instance }) => instance))).toEqual(new Set(['one', 'two']));
  });
});
