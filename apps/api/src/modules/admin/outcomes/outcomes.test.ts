import type { Outcomes } from '@alumlink/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referrals, users } from '../../../db/schema/index';
import {
  authHeader,
  createReferral,
  createReferralRequest,
  createReferralRequestEvent,
  createTestApp,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/index';
import { eq } from 'drizzle-orm';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let admin: TestUser;
let alumnus: TestUser;
let adminHeaders: { authorization: string };

async function requester(cohortYear: number | null, firstName = 'Sam'): Promise<TestUser> {
  const user = await createUser(t.db, { firstName });
  await t.db.update(users).set({ cohortYear }).where(eq(users.id, user.id));
  return user;
}

/** A request made at `at` that went through `path` (status, days after the request). */
async function request(offerId: number, who: TestUser, at: Date, path: [string, number][]): Promise<void> {
  const last = path.at(-1);
  const referred = path.find(([status]) => status === 'referred');
  const { id: requestId } = await createReferralRequest(t.db, {
    referralId: offerId,
    requesterId: who.id,
    message: 'Please',
    status: last?.[0] ?? 'requested',
    createdAt: at,
    updatedAt: at,
    referredAt: referred ? new Date(at.getTime() + referred[1] * DAY) : null,
  });
  await createReferralRequestEvent(t.db, { requestId, status: 'requested', actorId: who.id, createdAt: at });
  for (const [status, days] of path) {
    await createReferralRequestEvent(t.db, { requestId, status, actorId: alumnus.id, createdAt: new Date(at.getTime() + days * DAY) });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'AD' });
  alumnus = await createUser(t.db, { role: 'AL' });
  adminHeaders = await authHeader(t.app, admin);
  const offer = async (company: string) => {
    const row = await createReferral(t.db, {
      alumniId: alumnus.id,
      company,
      role: 'Engineer',
      ctc: '12.0',
      location: 'Pune',
      requirements: 'x',
    });
    return row.id;
  };
  const acme = await offer('Acme');
  const globex = await offer('Globex');
  const may = new Date('2026-05-10T10:00:00Z');
  const c2022 = await requester(2022);
  const c2023 = await requester(2023, '=HYPERLINK("http://evil")');
  await request(acme, c2022, may, [
    ['referred', 2],
    ['interviewing', 5],
    ['hired', 9],
  ]);
  await request(acme, c2023, may, [
    ['referred', 4],
    ['hired', 6],
  ]);
  await request(globex, c2022, may, [
    ['referred', 1],
    ['not_selected', 3],
  ]);
  await request(globex, c2023, may, [['declined', 1]]);
  await request(globex, await requester(2023), may, [['withdrawn', 1]]);
  await request(globex, await requester(null), may, [['expired', 30]]);
  await request(acme, await requester(2022), may, []);
  // Outside May.
  await request(acme, await requester(2022), new Date('2026-07-01T10:00:00Z'), [
    ['referred', 1],
    ['hired', 2],
  ]);
});
afterAll(() => t.close());

function outcomes(query = '') {
  return t.app.inject({ url: `/api/admin/outcomes/${query}`, headers: adminHeaders });
}

describe('GET /api/admin/outcomes/', () => {
  it('answers the funnel, the end states, hires by company and cohort and the median days to a referral for a period', async () => {
    const response = await outcomes('?from=2026-05-01&to=2026-05-31');
    expect(response.statusCode).toBe(200);
    expect(response.json<Outcomes>()).toEqual({
      referrals: {
        requested: 7,
        referred: 3,
        interviewing: 1,
        hired: 2,
        not_selected: 1,
        declined: 1,
        withdrawn: 1,
        expired: 1,
        closed: 0,
      },
      hires_by_company: [{ company: 'Acme', count: 2 }],
      by_cohort: [
        { cohort_year: 2023, requested: 3, hired: 1 },
        { cohort_year: 2022, requested: 3, hired: 1 },
        { cohort_year: null, requested: 1, hired: 0 },
      ],
      median_days_to_referral: 2,
      mentorships: { requested: 0, pending: 0, active: 0, completed: 0, declined: 0, cancelled: 0 },
    });
  });

  it('filters by cohort, and counts everything without a period', async () => {
    const cohort = (await outcomes('?cohort_year=2022')).json<Outcomes>();
    expect(cohort.referrals).toMatchObject({ requested: 4, referred: 3, hired: 2 });
    expect(cohort.by_cohort).toEqual([{ cohort_year: 2022, requested: 4, hired: 2 }]);
    expect((await outcomes()).json<Outcomes>().referrals.requested).toBe(8);
    const empty = (await outcomes('?from=2030-01-01')).json<Outcomes>();
    expect(empty).toMatchObject({
      referrals: { requested: 0, hired: 0 },
      hires_by_company: [],
      by_cohort: [],
      median_days_to_referral: null,
    });
  });

  it('refuses bad dates and cohorts (400) and everyone but admins (403, 401)', async () => {
    expect((await outcomes('?from=2026-13-45')).statusCode).toBe(400);
    expect((await outcomes('?from=yesterday')).statusCode).toBe(400);
    expect((await outcomes('?cohort_year=abc')).statusCode).toBe(400);
    const alumnusHeaders = await authHeader(t.app, alumnus);
    expect((await t.app.inject({ url: '/api/admin/outcomes/', headers: alumnusHeaders })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/outcomes.csv', headers: alumnusHeaders })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/outcomes/' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/outcomes.csv', () => {
  it('answers one row per request of the filter, formula cells escaped', async () => {
    const response = await t.app.inject({ url: '/api/admin/outcomes.csv?from=2026-05-01&to=2026-05-31', headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="outcomes.csv"');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('request_id,requested_at,status,company,role,alumnus,requester,requester_cohort_year,referred_at,updated_at');
    expect(lines).toHaveLength(8);
    expect(lines[1]).toMatch(/^\d+,2026-05-10T10:00:00.000Z,hired,Acme,Engineer,/);
    expect(lines.filter((line) => line.includes(',hired,'))).toHaveLength(2);
  });

  it('escapes a cell that starts like a formula', async () => {
    await t.db.update(referrals).set({ company: '=cmd|calc' }).where(eq(referrals.company, 'Globex'));
    const response = await t.app.inject({ url: '/api/admin/outcomes.csv', headers: adminHeaders });
    expect(response.body).toContain(",'=cmd|calc,");
    expect(response.body).not.toMatch(/,=cmd/);
  });
});
