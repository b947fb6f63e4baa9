import type { Role } from '@alumlink/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, users } from '../../db/schema/index';
import { jobDepsOf } from '../../lib/scheduler/index';
import { authHeader, createTestApp, createTestClock, createUser, type TestApp, type TestUser } from '../../test/index';
import { applyDueCohortSteps } from './cohort-steps';
import { jobOf } from '../../test/jobs';
import { COHORT_STEPS_INTERVAL_MS, cohortStepsJob } from './cohort-steps.scheduler';
import { setMembership } from './cohorts.repository';
import { findCohort } from './cohorts.repository';

const DAY = 24 * 60 * 60 * 1000;
const day = (offsetDays: number, from = Date.now()) => new Date(from + offsetDays * DAY).toISOString().slice(0, 10);

let t: TestApp;
let admin: TestUser;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'AD' });
});
afterAll(() => t.close());

async function asAdmin(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: await authHeader(t.app, admin), ...(payload ? { payload } : {}) });
}

async function newCohort(fields: { intern_from?: string | null; alumni_from: string; year?: number }) {
  counter += 1;
  const answer = await asAdmin('POST', '/api/admin/cohorts/', { name: `Cohort ${counter} ${Date.now()}`, year: 2025, ...fields });
  expect(answer.statusCode).toBe(201);
  return answer.json<{ id: number; name: string }>();
}

async function membersWith(cohortId: number, roles: Role[]) {
  const people: TestUser[] = [];
  const cohort = await findCohort(t.db, cohortId);
  if (!cohort) throw new Error('no cohort');
  for (const role of roles) {
    const person = await createUser(t.db, { role });
    await setMembership(t.db, person.id, cohort, new Date(Date.now() - 1000));
    people.push(person);
  }
  return people;
}

async function rolesOf(people: TestUser[]): Promise<string[]> {
  const rows = await t.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(
      inArray(
        users.id,
        people.map((p) => p.id),
      ),
    );
  return people.map((person) => rows.find((row) => row.id === person.id)?.role ?? 'gone');
}

const lifecycleNotices = (people: TestUser[]) =>
  t.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.type, 'lifecycle'),
        inArray(
          notifications.userId,
          people.map((p) => p.id),
        ),
      ),
    );

describe('cohorts', () => {
  it('creates, lists, changes and deletes a cohort; members follow its year', async () => {
    const cohort = await newCohort({ intern_from: day(10), alumni_from: day(40), year: 2026 });
    const [member] = await membersWith(cohort.id, ['TR']);
    const list = await asAdmin('GET', '/api/admin/cohorts/?limit=100');
    expect(list.statusCode).toBe(200);
    const shown = list.json<{ results: Array<Record<string, unknown>> }>().results.find((row) => row.id === cohort.id);
    expect(shown).toMatchObject({
      members_count: 1,
      intern_from: day(10),
      alumni_from: day(40),
      next_step: { role: 'IN', on: day(10), people: 1 },
    });

    const changed = await asAdmin('PATCH', `/api/admin/cohorts/${cohort.id}/`, { year: 2027 });
    expect(changed.statusCode).toBe(200);
    const [row] = await t.db
      .select({ year: users.cohortYear })
      .from(users)
      .where(eq(users.id, member?.id ?? 0));
    expect(row?.year).toBe(2027);

    const removed = await asAdmin('DELETE', `/api/admin/cohorts/${cohort.id}/`);
    expect(removed.statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/admin/cohorts/${cohort.id}/`)).statusCode).toBe(404);
    expect(await rolesOf(member ? [member] : [])).toEqual(['TR']);
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, cohort.id));
    expect(actions.map((entry) => entry.action)).toEqual(expect.arrayContaining(['cohort.create', 'cohort.update', 'cohort.delete']));
  });

  it('refuses bad input with field errors and a taken name with 409', async () => {
    const bad = await asAdmin('POST', '/api/admin/cohorts/', { name: '', year: 1900, intern_from: '2030-13-01', alumni_from: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['name', 'year', 'intern_from', 'alumni_from']));
    const order = await asAdmin('POST', '/api/admin/cohorts/', {
      name: 'Backwards',
      year: 2025,
      intern_from: day(20),
      alumni_from: day(10),
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toHaveProperty('intern_from');
    const cohort = await newCohort({ alumni_from: day(5) });
    const twin = await asAdmin('POST', '/api/admin/cohorts/', { name: cohort.name.toUpperCase(), year: 2025, alumni_from: day(5) });
    expect(twin.statusCode).toBe(409);
    const later = await asAdmin('PATCH', `/api/admin/cohorts/${cohort.id}/`, { intern_from: day(9) });
    expect(later.statusCode).toBe(400);
    expect((await asAdmin('PATCH', '/api/admin/cohorts/999999/', { year: 2025 })).statusCode).toBe(404);
    expect((await asAdmin('POST', '/api/admin/cohorts/999999/apply/')).statusCode).toBe(404);
  });
});

describe('cohort members', () => {
  it('puts existing people in a cohort (leaving any other), with its year; unknown ids are skipped', async () => {
    const first = await newCohort({ alumni_from: day(90), year: 2026 });
    const second = await newCohort({ alumni_from: day(120), year: 2027 });
    const [ana, ben] = [await createUser(t.db), await createUser(t.db)];
    const added = await asAdmin('POST', `/api/admin/cohorts/${first.id}/members/`, { user_ids: [ana.id, ben.id, 999999] });
    expect(added.json()).toEqual({ added: 2 });
    const moved = await asAdmin('POST', `/api/admin/cohorts/${second.id}/members/`, { user_ids: [ben.id] });
    expect(moved.json()).toEqual({ added: 1 });
    const listed = (await asAdmin('GET', '/api/admin/cohorts/?limit=100')).json<{ results: { id: number; members_count: number }[] }>();
    expect(listed.results.find((row) => row.id === first.id)?.members_count).toBe(1);
    expect(listed.results.find((row) => row.id === second.id)?.members_count).toBe(1);
    const years = await t.db
      .select({ id: users.id, year: users.cohortYear })
      .from(users)
      .where(inArray(users.id, [ana.id, ben.id]));
    expect(years.sort((a, b) => a.id - b.id).map((row) => row.year)).toEqual([2026, 2027]);
    expect((await asAdmin('POST', `/api/admin/cohorts/${first.id}/members/`, { user_ids: [] })).statusCode).toBe(400);
    expect((await asAdmin('POST', '/api/admin/cohorts/999999/members/', { user_ids: [ana.id] })).statusCode).toBe(404);
  });
});

describe('Apply now', () => {
  it('on the intern date, trainees become interns; alumni and admins stay; each is told and logged', async () => {
    const cohort = await newCohort({ intern_from: day(0), alumni_from: day(30) });
    const people = await membersWith(cohort.id, ['TR', 'TR', 'AL', 'AD', 'IN']);
    const answer = await asAdmin('POST', `/api/admin/cohorts/${cohort.id}/apply/`);
    expect(answer.json()).toEqual({ changed: 2 });
    expect(await rolesOf(people)).toEqual(['IN', 'IN', 'AL', 'AD', 'IN']);
    const notices = await lifecycleNotices(people);
    expect(notices.map((notice) => notice.userId).sort()).toEqual([people[0]?.id, people[1]?.id].sort());
    expect(notices[0]?.text).toBe(`${cohort.name}: you are now Intern. Congratulations!`);
    const steps = await t.db.select().from(auditLog).where(eq(auditLog.action, 'cohort.role_step'));
    expect(steps.filter((entry) => people.some((p) => p.id === entry.targetId))).toHaveLength(2);
    // Nothing more is due: a second press changes nobody.
    expect((await asAdmin('POST', `/api/admin/cohorts/${cohort.id}/apply/`)).json()).toEqual({ changed: 0 });
  });

  it('on the alumni date, trainees and interns become alumni at once (one notice each)', async () => {
    const cohort = await newCohort({ intern_from: day(-20), alumni_from: day(-1) });
    const people = await membersWith(cohort.id, ['TR', 'IN', 'AD']);
    expect((await asAdmin('POST', `/api/admin/cohorts/${cohort.id}/apply/`)).json()).toEqual({ changed: 2 });
    expect(await rolesOf(people)).toEqual(['AL', 'AL', 'AD']);
    expect(await lifecycleNotices(people)).toHaveLength(2);
    const listed = (await asAdmin('GET', '/api/admin/cohorts/?limit=100')).json<{ results: Array<Record<string, unknown>> }>();
    expect(listed.results.find((row) => row.id === cohort.id)).toMatchObject({ next_step: null });
  });

  it('changes nobody before a date', async () => {
    const cohort = await newCohort({ intern_from: day(1), alumni_from: day(30) });
    const people = await membersWith(cohort.id, ['TR']);
    expect((await asAdmin('POST', `/api/admin/cohorts/${cohort.id}/apply/`)).json()).toEqual({ changed: 0 });
    expect(await rolesOf(people)).toEqual(['TR']);
  });

  it('keeps a role an administrator set by hand after the cohort’s last change, until the cohort changes again', async () => {
    const cohort = await newCohort({ alumni_from: day(-1) });
    const [kept, moved] = await membersWith(cohort.id, ['TR', 'TR']);
    if (!kept || !moved) throw new Error('no members');
    const byHand = await asAdmin('PATCH', '/users/admin/update-role/', { user_id: kept.id, role: 'IN' });
    expect(byHand.statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/cohorts/${cohort.id}/apply/`)).json()).toEqual({ changed: 1 });
    expect(await rolesOf([kept, moved])).toEqual(['IN', 'AL']);
    // New dates are a later change of the cohort: now it moves them too.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await asAdmin('PATCH', `/api/admin/cohorts/${cohort.id}/`, { alumni_from: day(-2) })).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/cohorts/${cohort.id}/apply/`)).json()).toEqual({ changed: 1 });
    expect(await rolesOf([kept])).toEqual(['AL']);
  });
});

describe('the cohort steps job', () => {
  it('takes a step at the first tick of its day, once, with an injected clock', async () => {
    const start = new Date(Date.UTC(2031, 5, 10, 22, 0));
    const cohort = await newCohort({ intern_from: day(1, start.getTime()), alumni_from: day(3, start.getTime()) });
    const people = await membersWith(cohort.id, ['TR', 'TR']);
    const clock = createTestClock(start);
    const job = jobOf(cohortStepsJob, jobDepsOf(t.app, clock));
    job.start();
    await clock.advance(0);
    expect(await rolesOf(people)).toEqual(['TR', 'TR']);
    await clock.advance(2 * 60 * 60 * 1000); // past midnight UTC: the intern day
    expect(await rolesOf(people)).toEqual(['IN', 'IN']);
    await clock.advance(DAY);
    expect(await rolesOf(people)).toEqual(['IN', 'IN']);
    await clock.advance(2 * DAY);
    expect(await rolesOf(people)).toEqual(['AL', 'AL']);
    await clock.advance(10 * COHORT_STEPS_INTERVAL_MS);
    await job.stop();
    expect(await lifecycleNotices(people)).toHaveLength(4);
  });

  it('takes each step once when runs overlap', async () => {
    const cohort = await newCohort({ alumni_from: day(-1) });
    const people = await membersWith(cohort.id, ['TR', 'IN', 'TR']);
    const now = new Date();
    const runs = await Promise.all([applyDueCohortSteps(t.ctx, now), applyDueCohortSteps(t.ctx, now), applyDueCohortSteps(t.ctx, now)]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(3);
    expect(await lifecycleNotices(people)).toHaveLength(3);
    // Someone added after the step is not moved by the job (the step was taken), only by Apply now.
    const [late] = await membersWith(cohort.id, ['TR']);
    expect(await applyDueCohortSteps(t.ctx, now)).toBe(0);
    expect((await asAdmin('POST', `/api/admin/cohorts/${cohort.id}/apply/`)).json()).toEqual({ changed: 1 });
    expect(await rolesOf(late ? [late] : [])).toEqual(['AL']);
  });
});
