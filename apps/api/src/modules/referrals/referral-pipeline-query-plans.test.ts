import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, explain, type TestApp } from '../../test/index';
import { companyAlumniQuery } from '../jobs/company-alumni.repository';
import { referralRequestsQuery } from './referral-request-page.sql';

// The pipeline's lists (an offer's board, a person's requests) and a job's alumni at its company
// stay index-served on large tables.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`
    insert into users (email, username, password_hash, role, email_verified_at, company, open_to_referrals)
    select 'pipe' || g || '@example.com', 'pipe' || g, 'x', case when g % 3 = 0 then 'AL' else 'TR' end, now(),
      'Company ' || (g % 400), g % 2 = 0
    from generate_series(1, 4000) g`);
  await t.db.execute(sql`
    insert into referrals (alumni_id, company, role, ctc, location, requirements, created_at)
    select u.id, 'Co', 'Role', 10, 'Remote', 'Skills', now() - g * interval '1 minute'
    from generate_series(1, 600) g join users u on u.username = 'pipe' || (3 * g)`);
  await t.db.execute(sql`
    insert into referral_requests (referral_id, requester_id, message, status, created_at)
    select r.id, u.id, 'Please', (array['requested', 'referred', 'hired', 'declined'])[1 + g % 4], now() - g * interval '1 minute'
    from generate_series(1, 12000) g
    join referrals r on r.id = (select min(id) from referrals) + g % 600
    join users u on u.username = 'pipe' || (1 + (g * 7) % 4000)
    on conflict do nothing`);
  await t.db.execute(sql`vacuum analyze`);
}, 120_000);
afterAll(() => t.close());

const before = { at: new Date(), id: 3000 };
const viewer = { id: 7, role: 'TR' } as const;

describe('referral pipeline query plans on large tables', () => {
  it("an offer's requests walk referral_requests_referral_created_idx, a person's referral_requests_requester_created_idx", async () => {
    for (const page of [{ take: 21 }, { take: 21, before }]) {
      const board = await explain(t.database, referralRequestsQuery({ viewer, referralId: 42, ...page }));
      expect(board).toMatch(/referral_requests_referral_created_idx/);
      expect(board).not.toMatch(/Seq Scan on (referral_requests|users)\b/);
      const mine = await explain(t.database, referralRequestsQuery({ viewer, requesterId: 42, ...page }));
      expect(mine).toMatch(/referral_requests_requester_created_idx/);
      expect(mine).not.toMatch(/Seq Scan on (referral_requests|users)\b/);
    }
  });

  it("a job's alumni at its company use users_referral_company_idx", async () => {
    const plan = await explain(t.database, companyAlumniQuery(t.db, viewer, 'company 12', 5));
    expect(plan).toMatch(/users_referral_company_idx/);
    expect(plan).not.toMatch(/Seq Scan on users\b/);
  });
});
