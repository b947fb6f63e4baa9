import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { openPostgres, type DatabaseConnection } from '../../db/client';
import { eventRegistrations } from '../../db/schema/index';
import { createEvent, createEventRegistration, createTestApp, createTestConfig, createUser, emailsTo, type TestApp, type TestUser } from '../../test/index';
import { createEventReminderScheduler } from './reminder-scheduler';
import { sendDueEventReminders } from './reminders';

const HOUR = 60 * 60 * 1000;
let t: TestApp;
let second: { app: App; database: DatabaseConnection | null };

/** A second server on the same database: its own pool on PostgreSQL, the same PGlite otherwise. */
async function secondInstance(): Promise<{ app: App; database: DatabaseConnection | null }> {
  const driver = t.database.driver;
  if (driver.kind === 'postgres') {
    const database = await openPostgres(String(driver.pool.options.connectionString));
    return { app: await buildApp({ config: createTestConfig(), database }), database };
  }
  return { app: await buildApp({ config: createTestConfig(), database: t.database }), database: null };
}

beforeAll(async () => {
  t = await createTestApp();
  second = await secondInstance();
});
afterAll(async () => {
  await second.app.close();
  await second.database?.close();
  await t.close();
});

async function eventAt(startsAt: Date, title = 'Cloud Night'): Promise<number> {
  const row = await createEvent(t.db, { title, startsAt, host: 'DevOps' });
  return row.id;
}
async function register(eventId: number, people: TestUser[]): Promise<void> {
  for (const person of people) await createEventRegistration(t.db, { eventId, userId: person.id });
}
const reminderCount = async (person: TestUser) =>
  (await emailsTo(t.db, person.email)).filter((mail) => mail.subject.startsWith('Reminder:')).length;

describe('event reminders', () => {
  it('e-mails each registered person once when the event is within 24 hours, even with two schedulers at once', async () => {
    const now = new Date(Date.UTC(2032, 2, 10, 12));
    const soon = await eventAt(new Date(now.getTime() + 5 * HOUR), 'Soon Summit');
    const later = await eventAt(new Date(now.getTime() + 30 * HOUR), 'Later Launch');
    const past = await eventAt(new Date(now.getTime() - HOUR), 'Past Party');
    const people = await Promise.all(Array.from({ length: 12 }, () => createUser(t.db)));
    await register(soon, people);
    await register(later, people.slice(0, 3));
    await register(past, people.slice(0, 3));

    const runs = await Promise.all([
      sendDueEventReminders(t.app, now),
      sendDueEventReminders(second.app, now),
      sendDueEventReminders(t.app, now),
      sendDueEventReminders(second.app, now),
    ]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(12);
    for (const person of people) expect(await reminderCount(person)).toBe(1);
    const [mail] = await emailsTo(t.db, people[0]?.email ?? '');
    expect(mail?.subject).toBe('Reminder: Soon Summit starts soon');
    expect(mail?.textBody).toContain('starts on Wednesday, 10 March 2032 at 17:00 UTC. Hosted by DevOps.');

    // Nothing due any more; later, the second event comes within 24 hours.
    expect(await sendDueEventReminders(second.app, now)).toBe(0);
    expect(await sendDueEventReminders(t.app, new Date(now.getTime() + 7 * HOUR))).toBe(3);
    for (const person of people.slice(0, 3)) expect(await reminderCount(person)).toBe(2);
    const sent = await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, past));
    expect(sent.every((row) => row.reminderSentAt === null)).toBe(true);
  });

  it('runs on a schedule and stops cleanly', async () => {
    const now = new Date(Date.UTC(2033, 0, 1, 8));
    const eventId = await eventAt(new Date(now.getTime() + 2 * HOUR));
    const person = await createUser(t.db);
    await register(eventId, [person]);
    const scheduler = createEventReminderScheduler(t.app, { intervalMs: 20, now: () => now });
    const otherScheduler = createEventReminderScheduler(second.app, { intervalMs: 20, now: () => now });
    scheduler.start();
    otherScheduler.start();
    const deadline = Date.now() + 5_000;
    while ((await reminderCount(person)) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all([scheduler.stop(), otherScheduler.stop()]);
    expect(await reminderCount(person)).toBe(1);
  });
});

describe('the server scheduler', () => {
  it('starts when a (non-test) server is ready and stops when it closes', async () => {
    const server = await createTestApp({ nodeEnv: 'development' }, { mailer: { delivery: 'manual' } });
    try {
      const person = await createUser(server.db);
      const event = await createEvent(server.db, { title: 'Soon', startsAt: new Date(Date.now() + HOUR) });
      await createEventRegistration(server.db, { eventId: event.id, userId: person.id });
      await server.app.ready();
      const deadline = Date.now() + 5_000;
      while ((await emailsTo(server.db, person.email)).length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await emailsTo(server.db, person.email)).map((mail) => mail.subject)).toEqual(['Reminder: Soon starts soon']);
    } finally {
      await server.close();
    }
  });
});
