import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPersonHeaders, seededDemoApp, type TestApp } from '../test/index';

let t: TestApp;

beforeAll(async () => {
  t = await seededDemoApp(['jobs', 'referrals', 'memberships']);
});
afterAll(() => t.close());

const headersOf = (email: string) => demoPersonHeaders(t, email);

describe('demo jobs, referrals and memberships', () => {
  it('seeds open jobs of every type on the board', async () => {
    const headers = await headersOf('trainee@example.com');
    for (const type of ['Full-Time', 'Part-Time', 'Contract']) {
      const response = await t.app.inject({ url: `/api/jobs/?type=${type}`, headers });
      expect(response.statusCode).toBe(200);
      expect(response.json().results.length, type).toBeGreaterThanOrEqual(2);
    }
    const mine = await t.app.inject({ url: '/api/jobs/mine/', headers: await headersOf('alumni@example.com') });
    expect(mine.json().results.length).toBeGreaterThan(0);
  });

  it("seeds the specification's two sample referrals, one by the demo alumnus, offers at job companies, and the open counter", async () => {
    const response = await t.app.inject({ url: '/api/referrals/', headers: await headersOf('intern@example.com') });
    const results: { company: string; alumni: { email: string; role: string } }[] = response.json().results;
    expect(results.length).toBeGreaterThanOrEqual(4);
    expect(results.map((referral) => referral.company)).toEqual(expect.arrayContaining(['Pixel Labs', 'Studio North']));
    expect(results.map((referral) => referral.alumni.email)).toContain('alumni@example.com');
    expect(results.every((referral) => referral.alumni.role === 'AL')).toBe(true);
    const { rows } = await t.db.execute<{ value: number }>(sql`select value::int as value from stat_counters where key = 'referrals_open'`);
    expect(rows[0]?.value).toBe(results.length);
  });

  it('seeds memberships with members_count matching the rows', async () => {
    const { rows } = await t.db.execute<{ mismatched: number; members: number }>(sql`
      select count(*) filter (where members_count <> (select count(*) from community_members m where m.community_id = c.id))::int as mismatched,
        (select count(*) from community_members)::int as members
      from communities c`);
    expect(rows[0]).toEqual({ mismatched: 0, members: expect.any(Number) });
    expect(rows[0]?.members).toBeGreaterThanOrEqual(5);
    const hubs = await t.app.inject({ url: '/api/communities/', headers: await headersOf('alumni@example.com') });
    const joined = hubs
      .json()
      .filter((hub: { is_member: boolean }) => hub.is_member)
      .map((hub: { slug: string }) => hub.slug);
    expect(joined.sort()).toEqual(['career-growth', 'web-development']);
  });
});
