// The cohort steps job on two instances sharing one PostgreSQL database (TEST_DATABASE_URL; the
// PostgreSQL suite sets it): both run at the same moment, each person moves and is told once.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, users } from '../../db/schema/index';
import { jobDepsOf } from '../../lib/scheduler/index';
import {
  createTestApp,
  createTestClock,
  createTestConfig,
  createUser,
  startSecondInstance,
  type SecondInstance,
  type TestApp,
} from '../../test/index';
import { jobOf } from '../../test/jobs';
import { cohortStepsJob } from './cohort-steps.scheduler';
import { insertCohort, setMembership } from './cohorts.repository';

describe.skipIf(!process.env.TEST_DATABASE_URL)('cohort steps on two instances (needs TEST_DATABASE_URL; skipped otherwise)', () => {
  let primary: TestApp;
  let second: SecondInstance;

  beforeAll(async () => {
    primary = await createTestApp();
    second = await startSecondInstance(primary, { config: createTestConfig({ dataDir: primary.config.dataDir }) });
  });
  afterAll(async () => {
    await second.close();
    await primary.close();
  });

  it('moves and notifies each member of each due cohort once when both instances tick together', async () => {
    const now = new Date(Date.UTC(2032, 0, 15, 9));
    const people: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const cohort = await insertCohort(primary.db, {
        name: `Shared ${index}`,
        year: 2031,
        internFrom: '2031-06-01',
        alumniFrom: '2032-01-15',
      });
      for (let member = 0; member < 15; member += 1) {
        const person = await createUser(primary.db, { role: member % 3 === 0 ? 'IN' : 'TR' });
        await setMembership(primary.db, person.id, cohort, new Date(now.getTime() - 60_000));
        people.push(person.id);
      }
    }
    const clock = createTestClock(now);
    const jobs = [jobOf(cohortStepsJob, jobDepsOf(primary.app, clock)), jobOf(cohortStepsJob, jobDepsOf(second.app, clock))];
    for (const job of jobs) job.start();
    // Both first ticks are due at the same instant: the test clock fires them together.
    await clock.advance(0);
    await clock.advance(60 * 60 * 1000);
    await Promise.all(jobs.map((job) => job.stop()));

    const roles = await primary.db.select({ role: users.role }).from(users).where(inArray(users.id, people));
    expect(roles.every((row) => row.role === 'AL')).toBe(true);
    const told = await primary.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, 'lifecycle'), inArray(notifications.userId, people)));
    expect(told).toHaveLength(people.length);
    expect(new Set(told.map((row) => row.userId)).size).toBe(people.length);
    const logged = await primary.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cohort.role_step'), inArray(auditLog.targetId, people)));
    expect(logged).toHaveLength(people.length);
  });
});
