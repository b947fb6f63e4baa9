import { beforeAll, describe, expect, it } from 'vitest';
import { authHeader, useTestApp, createUser, type TestUser } from '../../test/index';

const t = useTestApp({ rateLimitMultiplier: 100 });
let admin: TestUser;

beforeAll(async () => {
  admin = await createUser(t.db, { role: 'AD' });
});

const asAdmin = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await authHeader(t.app, admin), ...(payload ? { payload } : {}) });

describe('GET /api/admin/cohorts/{id}/members/', () => {
  it("lists a cohort's people by account, a page at a time, and nobody else's", async () => {
    const created = await asAdmin('POST', '/api/admin/cohorts/', { name: `Members ${Date.now()}`, year: 2026, alumni_from: '2027-01-01' });
    const cohortId = created.json<{ id: number }>().id;
    const other = await asAdmin('POST', '/api/admin/cohorts/', { name: `Others ${Date.now()}`, year: 2026, alumni_from: '2027-01-01' });
    const people = [
      await createUser(t.db, { firstName: 'Ada', lastName: 'Lovelace', role: 'TR' }),
      await createUser(t.db, { firstName: 'Grace', lastName: 'Hopper', role: 'IN' }),
      await createUser(t.db, { firstName: 'Alan', lastName: 'Turing', role: 'AL' }),
    ];
    const outsider = await createUser(t.db);
    expect((await asAdmin('POST', `/api/admin/cohorts/${cohortId}/members/`, { user_ids: people.map((p) => p.id) })).statusCode).toBe(200);
    await asAdmin('POST', `/api/admin/cohorts/${other.json<{ id: number }>().id}/members/`, { user_ids: [outsider.id] });

    const first = await asAdmin('GET', `/api/admin/cohorts/${cohortId}/members/?limit=2`);
    expect(first.statusCode).toBe(200);
    const page = first.json<{ results: { id: number }[]; next: string | null }>();
    expect(page.results).toEqual([
      { id: people[0]?.id, first_name: 'Ada', last_name: 'Lovelace', email: people[0]?.email, role: 'TR', joined_at: expect.any(String) },
      expect.objectContaining({ id: people[1]?.id, role: 'IN' }),
    ]);
    expect(page.next).toEqual(expect.any(String));
    const second = await asAdmin('GET', `/api/admin/cohorts/${cohortId}/members/?limit=2&cursor=${page.next}`);
    expect(second.json()).toEqual({ results: [expect.objectContaining({ id: people[2]?.id, first_name: 'Alan' })], next: null });
  });

  it('answers 404 for an unknown cohort and 403 to anyone but an administrator', async () => {
    expect((await asAdmin('GET', '/api/admin/cohorts/999999/members/')).statusCode).toBe(404);
    const alumnus = await createUser(t.db, { role: 'AL' });
    const answer = await t.app.inject({ method: 'GET', url: '/api/admin/cohorts/1/members/', headers: await authHeader(t.app, alumnus) });
    expect(answer.statusCode).toBe(403);
  });
});
