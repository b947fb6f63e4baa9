import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobDepsOf } from '../../lib/scheduler/index';
import { eventRegistrations } from '../../db/schema/index';
import {
  createEvent,
  createEventRegistration,
  createTestApp,
  useTestApp,
  createTestClock,
  expectRetryAfterFailure,
  createUser,
  emailsTo,
  jobOf,
  type TestUser,
} from '../../test/index';
import { eventReminderJob, EVENT_REMINDER_INTERVAL_MS } from './reminders.scheduler';
import { sendDueEventReminders } from './reminders';

const HOUR = 60 * 60 * 1000;
const t = useTestApp();

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
  it('e-mails each registered person once when the event is within 24 hours, even with several runs at once', async () => {
    const now = new Date(Date.UTC(2032, 2, 10, 12));
    const soon = await eventAt(new Date(now.getTime() + 5 * HOUR), 'Soon Summit');
    const later = await eventAt(new Date(now.getTime() + 30 * HOUR), 'Later Launch');
    const past = await eventAt(new Date(now.getTime() - HOUR), 'Past Party');
    const people = await Promise.all(Array.from({ length: 12 }, () => createUser(t.db)));
    await register(soon, people);
    await register(later, people.slice(0, 3));
    await register(past, people.slice(0, 3));

    const runs = await Promise.all([
      sendDueEventReminders(t.ctx, now),
      sendDueEventReminders(t.ctx, now),
      sendDueEventReminders(t.ctx, now),
      sendDueEventReminders(t.ctx, now),
    ]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(12);
    for (const person of people) expect(await reminderCount(person)).toBe(1);
    const [mail] = await emailsTo(t.db, people[0]?.email ?? '');
    expect(mail?.subject).toBe('Reminder: Soon Summit starts soon');
    expect(mail?.textBody).toContain('starts on Wednesday, 10 March 2032 at 17:00 UTC. Hosted by DevOps.');

    // Nothing due any more; later, the second event comes within 24 hours.
    expect(await sendDueEventReminders(t.ctx, now)).toBe(0);
    expect(await sendDueEventReminders(t.ctx, new Date(now.getTime() + 7 * HOUR))).toBe(3);
    for (const person of people.slice(0, 3)) expect(await reminderCount(person)).toBe(2);
    const sent = await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, past));
    expect(sent.every((row) => row.reminderSentAt === null)).toBe(true);
  });
});

describe('the event reminder job', () => {
  it('sends a due reminder once, however many ticks pass', async () => {
    const clock = createTestClock(new Date(Date.UTC(2033, 0, 1, 8)));
    const person = await createUser(t.db);
    await register(await eventAt(new Date(clock.now().getTime() + 2 * HOUR)), [person]);
    const job = jobOf(eventReminderJob, jobDepsOf(t.app, clock));
    job.start();
    await clock.advance(0);
    expect(await reminderCount(person)).toBe(1);
    await clock.advance(5 * EVENT_REMINDER_INTERVAL_MS);
    await job.stop();
    expect(await reminderCount(person)).toBe(1);
  });

  it('sends nothing before the event is within 24 hours, then sends it at the tick after', async () => {
    const clock = createTestClock(new Date(Date.UTC(2033, 1, 1, 8)));
    const person = await createUser(t.db);
    await register(await eventAt(new Date(clock.now().getTime() + 24 * HOUR + 30_000)), [person]);
    const job = jobOf(eventReminderJob, jobDepsOf(t.app, clock));
    job.start();
    await clock.advance(0);
    expect(await reminderCount(person)).toBe(0);
    await clock.advance(EVENT_REMINDER_INTERVAL_MS);
    await job.stop();
    expect(await reminderCount(person)).toBe(1);
  });

  it('retries at the next tick when a run fails', async () => {
    const clock = createTestClock(new Date(Date.UTC(2033, 2, 1, 8)));
    const person = await createUser(t.db);
    await register(await eventAt(new Date(clock.now().getTime() + HOUR)), [person]);
    await expectRetryAfterFailure(t, eventReminderJob, clock, EVENT_REMINDER_INTERVAL_MS, {
      afterFailure: async () => {
        expect(await reminderCount(person)).toBe(0);
      },
      afterRetry: async () => {
        expect(await reminderCount(person)).toBe(1);
      },
    });
  });
});

describe('the server scheduler', () => {
  it('starts when a (non-test) server is ready and stops when it closes', async () => {
    const clock = createTestClock(new Date(Date.UTC(2034, 0, 1, 12)));
    const server = await createTestApp({ nodeEnv: 'development' }, { clock, jobs: ['event-reminders'] });
    try {
      const person = await createUser(server.db);
      const event = await createEvent(server.db, { title: 'Soon', startsAt: new Date(clock.now().getTime() + HOUR) });
      await createEventRegistration(server.db, { eventId: event.id, userId: person.id });
      await server.app.ready();
      await clock.advance(0);
      expect((await emailsTo(server.db, person.email)).map((mail) => mail.subject)).toEqual(['Reminder: Soon starts soon']);
    } finally {
      await server.close();
    }
    expect(clock.pendingTimers()).toBe(0);
  });
});
