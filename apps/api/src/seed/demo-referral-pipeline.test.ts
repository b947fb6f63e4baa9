import { REFERRAL_REQUEST_STATUSES, type Outcomes, type ReferralRequestDetail } from '@alumlink/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPersonHeaders, seededDemoApp, type TestApp } from '../test/index';

let t: TestApp;

beforeAll(async () => {
  t = await seededDemoApp(['referral-pipeline']);
});
afterAll(() => t.close());

const headersOf = (email: string) => demoPersonHeaders(t, email);

describe('demo referral pipeline', () => {
  it("fills the demo alumnus's board with requests in every state but closed, each with its history", async () => {
    const headers = await headersOf('alumni@example.com');
    const offers = (await t.app.inject({ url: '/api/referrals/mine/', headers })).json<{ results: { id: number }[] }>().results;
    const board = await t.app.inject({ url: `/api/referrals/${offers[0]?.id}/requests/?limit=100`, headers });
    const requests = board.json<{ results: ReferralRequestDetail[] }>().results;
    const statuses = new Set(requests.map((request) => request.status));
    expect([...statuses].sort()).toEqual(REFERRAL_REQUEST_STATUSES.filter((status) => status !== 'closed').sort());
    const hired = requests.find((request) => request.status === 'hired');
    const detail = (await t.app.inject({ url: `/api/referral-requests/${hired?.id}/`, headers })).json<ReferralRequestDetail>();
    expect(detail.history.map((entry) => entry.status)).toEqual(['requested', 'referred', 'interviewing', 'hired']);
  });

  it('gives the demo trainee requests with timelines, and the admin a non-empty funnel', async () => {
    const mine = await t.app.inject({ url: '/api/referral-requests/mine/', headers: await headersOf('trainee@example.com') });
    expect(mine.json<{ results: unknown[] }>().results.length).toBeGreaterThanOrEqual(2);
    const outcomes = (await t.app.inject({ url: '/api/admin/outcomes/', headers: await headersOf('admin@example.com') })).json<Outcomes>();
    expect(outcomes.referrals.requested).toBeGreaterThanOrEqual(10);
    expect(outcomes.referrals.hired).toBe(2);
    expect(outcomes.median_days_to_referral).not.toBeNull();
    expect(outcomes.by_cohort.length).toBeGreaterThan(2);
  });

  it('shows alumni at a demo job’s company', async () => {
    const headers = await headersOf('trainee@example.com');
    const jobs = (await t.app.inject({ url: '/api/jobs/?q=Pixel', headers })).json<{ results: { id: number }[] }>().results;
    const job = await t.app.inject({ url: `/api/jobs/${jobs[0]?.id}/`, headers });
    expect(job.json<{ alumni_at_company: { count: number } }>().alumni_at_company.count).toBeGreaterThanOrEqual(2);
  });
});
