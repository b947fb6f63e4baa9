import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCacheOf } from '../../quality/support/statement-plans';
import { createTestApp, explain, type TestApp } from '../../test/index';
import { referralsQuery } from '../referrals/referral-offers.sql';
import { jobsQuery, openJobsPageQuery } from './job-page.sql';

// Proves the job board and referral lists are served by their indexes on large tables. The jobs'
// authors are many (20,000 people, as at the bench's default scale): the cost of looking each up is
// what made a generic plan of the board look dearer than a custom one (decision 053).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Without the per-row counters' triggers (the people are only the jobs' authors here): 20,000 inserts in time.
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into users (email, username, password_hash, role, email_verified_at)
      select 'author' || g || '@example.com', 'author' || g, 'x', 'AL', now() from generate_series(1, 20000) g`);
  });
  await t.db.execute(sql`
    insert into users (email, username, password_hash, role, email_verified_at)
    select 'plan' || g || '@example.com', 'plan' || g, 'x', 'AL', now() from generate_series(1, 500) g`);
  await t.db.execute(sql`
    insert into jobs (posted_by, title, company, location, type, apply_url, status, created_at)
    select u.id, substr(md5('t' || g), 1, 12), substr(md5('c' || g), 1, 10), substr(md5('l' || g), 1, 8),
      (array['Full-Time', 'Part-Time', 'Contract'])[1 + g % 3], 'https://x.example.com/',
      case when g % 10 = 0 then 'closed' else 'open' end, now() - g * interval '1 minute'
    from generate_series(1, 6000) g join users u on u.username = 'author' || (1 + (g * 7) % 20000)`);
  await t.db.execute(sql`
    insert into referrals (alumni_id, company, role, ctc, location, requirements, status, created_at)
    select u.id, 'Co', 'Role', 10, 'Remote', 'Skills', case when g % 4 = 0 then 'closed' else 'open' end, now() - g * interval '1 minute'
    from generate_series(1, 6000) g join users u on u.username = 'plan' || (1 + g % 500)`);
  await t.db.execute(sql`vacuum analyze`);
}, 120_000);
afterAll(() => t.close());

const before = { at: new Date(), id: 3000 };
const firstPage = { viewerId: 7, seesEveryone: false, beforeAt: 'infinity', beforeId: 2_147_483_647 };
const laterPage = { ...firstPage, beforeAt: new Date(Date.now() - 60 * 60_000).toISOString(), beforeId: 6000 };

/** How often PostgreSQL planned the statement generically and afresh in 8 executions with these values. */
function planCache(query: SQL, placeholders: Record<string, unknown>) {
  const built = new PgDialect().sqlToQuery(query);
  return planCacheOf(t.database, { text: built.sql, params: fillPlaceholders(built.params, placeholders), via: 'statements' });
}

describe('careers query plans on large tables', () => {
  it('the job board walks its status and type indexes, first page and after a cursor', async () => {
    for (const search of [{ take: 21 }, { take: 21, before }]) {
      const open = await explain(t.database, jobsQuery({ viewer: { id: 7, role: 'TR' }, status: 'open', ...search }));
      expect(open).toMatch(/jobs_status_created_idx/);
      expect(open).not.toMatch(/Seq Scan on jobs/);
      const typed = await explain(t.database, jobsQuery({ viewer: { id: 7, role: 'TR' }, status: 'open', type: 'Contract', ...search }));
      expect(typed).toMatch(/jobs_type_created_idx/);
      expect(typed).not.toMatch(/Seq Scan on jobs/);
    }
  });

  it("the board's prepared pages: generic plans walk jobs_status_created_idx, one type jobs_type_created_idx", async () => {
    for (const seesEveryone of [false, true]) {
      const all = await explain(t.database, openJobsPageQuery(false, 21), { generic: true, placeholders: { ...firstPage, seesEveryone } });
      expect(all).toMatch(/jobs_status_created_idx/);
      expect(all).not.toMatch(/Seq Scan on (jobs|users)\b/);
      const typed = await explain(t.database, openJobsPageQuery(true, 21), {
        generic: true,
        placeholders: { ...firstPage, seesEveryone, type: 'Contract' },
      });
      expect(typed).toMatch(/jobs_type_created_idx/);
      expect(typed).not.toMatch(/Seq Scan on (jobs|users)\b/);
    }
  });

  it("the board's prepared pages keep their generic plan, first page and after a cursor, all or one type", async () => {
    for (const position of [firstPage, laterPage]) {
      expect((await planCache(openJobsPageQuery(false, 21), position)).generic).toBeGreaterThan(0);
      expect((await planCache(openJobsPageQuery(true, 21), { ...position, type: 'Contract' })).generic).toBeGreaterThan(0);
    }
  });

  it('the text search uses the trigram indexes, and own jobs use jobs_posted_by_idx', async () => {
    const { rows } = await t.db.execute<{ text: string }>(sql`select substr(md5('t' || 1234), 3, 6) as text`);
    const searched = await explain(
      t.database,
      jobsQuery({ viewer: { id: 7, role: 'TR' }, status: 'open', text: rows[0]?.text ?? '', take: 21 }),
    );
    expect(searched).toMatch(/jobs_title_trgm/);
    expect(searched).toMatch(/jobs_company_trgm/);
    expect(searched).toMatch(/jobs_location_trgm/);
    expect(searched).not.toMatch(/Seq Scan on jobs/);
    const own = await explain(t.database, jobsQuery({ viewer: { id: 7, role: 'TR' }, postedBy: 7, take: 21 }));
    expect(own).toMatch(/jobs_posted_by_idx/);
    expect(own).not.toMatch(/Seq Scan on jobs/);
  });

  it('referral lists walk referrals_status_created_idx and referrals_alumni_idx', async () => {
    const open = await explain(t.database, referralsQuery({ viewer: { id: 7, role: 'TR' }, status: 'open', take: 21, before }));
    expect(open).toMatch(/referrals_status_created_idx/);
    expect(open).not.toMatch(/Seq Scan on referrals/);
    const own = await explain(t.database, referralsQuery({ viewer: { id: 7, role: 'TR' }, alumniId: 7, take: 21 }));
    expect(own).toMatch(/referrals_alumni_idx/);
    expect(own).not.toMatch(/Seq Scan on referrals/);
  });
});
