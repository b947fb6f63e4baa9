import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, explain, type TestApp } from '../../test/index';
import { dueStepsQuery } from './cohorts.repository';
import { invitationsQuery } from './invitations.repository';

// Proves the scheduled job's look-up and the invitation list are served by indexes once tables
// are large (3,000 cohorts, nearly all graduated; 5,000 invitations), analysed.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`
    insert into cohorts (name, year, intern_from, alumni_from, intern_applied_at, alumni_applied_at)
    select 'Cohort ' || g, 2020, date '2020-01-01' + g, date '2020-06-01' + g,
           case when g > 2990 then null else now() end, case when g > 2990 then null else now() end
    from generate_series(1, 3000) g`);
  await t.db.execute(sql`
    insert into invitations (email, role, token_hash, invited_by_label, expires_at, accepted_at, revoked_at, created_at)
    select 'p' || g || '@example.org', 'TR', md5('t' || g), 'Admin', now() + interval '14 days' - g * interval '1 hour',
           case when g % 3 = 0 then now() else null end, case when g % 10 = 1 then now() else null end, now() - g * interval '1 hour'
    from generate_series(1, 5000) g`);
  await t.db.execute(sql`vacuum analyze`);
}, 120_000);
afterAll(() => t.close());

describe('onboarding query plans on large tables', () => {
  it('the cohort steps job reads only the cohorts with a step not taken, through their partial indexes', async () => {
    const plan = await explain(t.database, dueStepsQuery(t.db, '2031-01-01'));
    expect(plan).toMatch(/cohorts_alumni_pending_idx/);
    expect(plan).toMatch(/cohorts_intern_pending_idx/);
    expect(plan).not.toMatch(/Seq Scan on cohorts/);
  });

  it('the invitation list walks invitations_created_idx newest first, for every status', async () => {
    for (const status of ['pending', 'accepted', 'expired', 'revoked', undefined] as const) {
      const plan = await explain(t.database, invitationsQuery(t.db, { status, take: 21, now: new Date() }));
      expect(plan).toMatch(/invitations_created_idx/);
      expect(plan).not.toMatch(/Seq Scan on invitations/);
    }
  });
});
