import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/index';
import { seedDemo } from './index';

// The demo tells one coherent story (issue "first-class screens"): what a newcomer opens in the
// first minute shows each capability at work, and no screen contradicts another.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
});
afterAll(() => t.close());

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>) {
  return (await t.db.execute<T>(query)).rows;
}

describe('the demo story', () => {
  it('has open referral offers at the companies of jobs on the board (the job page ties them in)', async () => {
    const tied = await rows<{ company: string }>(sql`
      select distinct j.company from jobs j
      where exists (select 1 from referrals r where r.status = 'open' and lower(r.company) = lower(j.company))`);
    expect(tied.map((row) => row.company)).toEqual(expect.arrayContaining(['Pixel Labs', 'Numbers Inc']));
  });

  it("puts every referral offer at its author's current company (an alumnus refers where they work)", async () => {
    const elsewhere = await rows<{ email: string; offer: string; works_at: string }>(sql`
      select u.email, r.company as offer, u.company as works_at from referrals r join users u on u.id = r.alumni_id
      where lower(r.company) <> lower(u.company)`);
    expect(elsewhere).toEqual([]);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from referrals`))[0]?.n).toBeGreaterThanOrEqual(4);
  });

  it('gives every mentor topics that their job title, headline or skills name', async () => {
    const mismatched = await rows<{ email: string; topic: string }>(sql`
      select u.email, topic from mentor_profiles m join users u on u.id = m.user_id, unnest(m.topics) as topic
      where position(lower(topic) in lower(u.job_title || ' ' || u.headline || ' ' || u.skills)) = 0`);
    expect(mismatched).toEqual([]);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from mentor_profiles`))[0]?.n).toBeGreaterThanOrEqual(5);
  });

  it('has events with a venue, an end after the start, a time zone and people going', async () => {
    const events = await rows<{ venue: string; ends_after: boolean; time_zone: string; going: number }>(sql`
      select venue, ends_at > starts_at as ends_after, time_zone, registrations_count as going from events`);
    expect(events.length).toBeGreaterThanOrEqual(2);
    for (const event of events) {
      expect(event.venue).not.toBe('');
      expect(event.ends_after).toBe(true);
      expect(event.time_zone).toBe('Asia/Kolkata');
      expect(event.going).toBeGreaterThan(0);
    }
  });

  it('has posts in every community, some mentioning people and some tagged', async () => {
    const empty = await rows<{ slug: string }>(sql`
      select slug from communities c where not exists (select 1 from posts p where p.community_id = c.id)`);
    expect(empty).toEqual([]);
    const [counts] = await rows<{ mentions: number; tagged: number; linked: number }>(sql`
      select (select count(*)::int from post_mentions) as mentions,
        (select count(distinct post_id)::int from post_tags) as tagged,
        (select count(*)::int from post_mentions pm join posts p on p.id = pm.post_id join users u on u.id = pm.user_id
          where p.caption like '%@' || u.username || '%') as linked`);
    expect(counts?.mentions).toBeGreaterThanOrEqual(3);
    expect(counts?.linked).toBe(counts?.mentions);
    expect(counts?.tagged).toBeGreaterThanOrEqual(5);
  });

  it('has a cohort with members and notifications waiting for the demo accounts', async () => {
    const [cohorts] = await rows<{ n: number }>(sql`select count(*)::int as n from cohort_members`);
    expect(cohorts?.n).toBeGreaterThan(0);
    const [notices] = await rows<{ n: number }>(sql`
      select count(*)::int as n from notifications n join users u on u.id = n.user_id
      where u.email in ('alumni@example.com', 'trainee@example.com')`);
    expect(notices?.n).toBeGreaterThan(0);
  });
});
