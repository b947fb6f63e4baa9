// The leave step and registrations for the same full event, on two instances sharing PostgreSQL
// and Redis. Runs only with TEST_REDIS_URL and TEST_DATABASE_URL; skipped otherwise.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations, events, notifications } from '../../db/schema/index';
import {
  authHeader,
  createEvent,
  createTestApp,
  createTestConfig,
  createUser,
  startSecondInstance,
  type SecondInstance,
  type TestApp,
  type TestUser,
} from '../../test/index';

const sharedRedisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(sharedRedisUrl && process.env.TEST_DATABASE_URL);

let primary: TestApp;
const instances: SecondInstance[] = [];

/** Another app on the same PostgreSQL database as `primary`, with the shared Redis. */
async function startInstance(): Promise<SecondInstance> {
  const instance = await startSecondInstance(primary, {
    config: createTestConfig({ redisUrl: sharedRedisUrl ?? '', rateLimitMultiplier: 100 }),
  });
  instances.push(instance);
  return instance;
}

async function as(instance: SecondInstance, user: TestUser, method: 'POST' | 'DELETE', url: string, payload?: object) {
  return instance.app.inject({ method, url, headers: await authHeader(instance.app, user), ...(payload ? { payload } : {}) });
}

/** The event's list in arrival order and its counters. */
async function stored(eventId: number) {
  const rows = await primary.db
    .select({ userId: eventRegistrations.userId, status: eventRegistrations.status })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(asc(eventRegistrations.arrival));
  const [counters] = await primary.db
    .select({ registrations: events.registrationsCount, seats: events.seatsTaken, waitlist: events.waitlistCount })
    .from(events)
    .where(eq(events.id, eventId));
  return { rows, counters };
}

describe.skipIf(!enabled)('leaving on two instances (needs TEST_REDIS_URL and TEST_DATABASE_URL; skipped otherwise)', () => {
  beforeAll(async () => {
    primary = await createTestApp();
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await primary.close();
  });

  it('a registered and a waitlisted person leave while six others register for the same full event: the counters stay exact', async () => {
    const [a, b] = [await startInstance(), await startInstance()];
    const admin = await createUser(primary.db, { role: 'AD' });
    for (let round = 0; round < 3; round += 1) {
      const event = await createEvent(primary.db, { capacity: 3 });
      const holders = [await createUser(primary.db), await createUser(primary.db), await createUser(primary.db)];
      const waiting = [await createUser(primary.db), await createUser(primary.db)];
      const newcomers: TestUser[] = [];
      for (let index = 0; index < 6; index += 1) newcomers.push(await createUser(primary.db));
      for (const person of [...holders, ...waiting]) {
        expect((await as(a, person, 'POST', `/api/events/${event.id}/register/`, { guests: 0 })).statusCode).toBe(200);
      }
      const [registeredLeaver, , ,] = holders;
      const [firstInLine, waitlistedLeaver] = waiting;
      if (!registeredLeaver || !firstInLine || !waitlistedLeaver) throw new Error('people missing');

      // At once: the admin deletes a holder through A, a waitlisted person deletes themself through B,
      // and six newcomers register, half through each instance.
      const answers = await Promise.all([
        as(a, admin, 'DELETE', `/users/admin/delete-user/${registeredLeaver.id}/`),
        as(b, waitlistedLeaver, 'DELETE', '/api/account/', { password: waitlistedLeaver.password }),
        ...newcomers.map((person, index) => as(index % 2 ? a : b, person, 'POST', `/api/events/${event.id}/register/`, { guests: 0 })),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 204, ...Array(6).fill(200)]);

      const { rows, counters } = await stored(event.id);
      const registered = rows.filter((row) => row.status === 'registered').map((row) => row.userId);
      const waitlisted = rows.filter((row) => row.status === 'waitlisted').map((row) => row.userId);
      expect(counters).toEqual({ registrations: registered.length, seats: registered.length, waitlist: waitlisted.length });
      // The freed place went to the first in line (the others queued behind the waitlist), never to a newcomer.
      expect(registered.sort()).toEqual([holders[1]?.id, holders[2]?.id, firstInLine.id].sort());
      expect(waitlisted.sort()).toEqual(newcomers.map((person) => person.id).sort());
      expect(rows.some((row) => row.userId === registeredLeaver.id || row.userId === waitlistedLeaver.id)).toBe(false);
      const told = await primary.db
        .select({ type: notifications.type })
        .from(notifications)
        .where(and(eq(notifications.userId, firstInLine.id), eq(notifications.type, 'event_promoted')));
      expect(told).toHaveLength(1);
    }
  }, 120_000);
});
