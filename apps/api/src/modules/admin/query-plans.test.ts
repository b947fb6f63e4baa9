import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, explain, type TestApp } from '../../test/index';
import { auditEntriesQuery } from '../audit-log/audit-log.repository';
import { adminStatsStatement } from './stats/admin-stats.repository';
import { searchUsersParams, searchUsersStatement, usersQuery } from './users/admin-users.repository';

// Proves the admin lists are served by indexes once tables are large (5,000 rows, analysed).
let t: TestApp;
let namePart = '';

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`
    insert into users (email, username, password_hash, first_name, last_name, role, email_verified_at)
    select 'bulk' || g || '@example.com', 'bulk' || g, 'x', substr(md5('f' || g), 1, 10), substr(md5('l' || g), 1, 10),
           (array['TR', 'IN', 'AL'])[1 + g % 3], now()
    from generate_series(1, 5000) g`);
  await t.db.execute(sql`
    insert into audit_log (actor_label, action, target_type, target_label, created_at)
    select 'admin', (array['post.delete', 'user.delete', 'user.role_change'])[1 + g % 3], 'user', 'x', now() - g * interval '1 minute'
    from generate_series(1, 5000) g`);
  await t.db.execute(sql`vacuum analyze`);
  const { rows } = await t.db.execute<{ name: string }>(sql`select substr(md5('f' || 1234), 2, 6) as name`);
  namePart = rows[0]?.name ?? '';
}, 120_000);
afterAll(() => t.close());

describe('admin query plans on large tables', () => {
  it('the user list walks the primary key', async () => {
    const all = await explain(t.database, usersQuery(t.db, {}, { take: 21 }));
    expect(all).toMatch(/users_pkey/);
    expect(all).not.toMatch(/Seq Scan on users/);
    const later = await explain(t.database, usersQuery(t.db, {}, { afterId: 2500, take: 21 }));
    expect(later).toMatch(/users_pkey/);
  });

  it('a search finds its page and total from the trigram indexes and the primary key, in custom and generic plans', async () => {
    for (const [filters, page] of [
      [{ text: namePart }, { take: 21 }],
      [
        { text: namePart, role: 'TR' },
        { afterId: 2500, take: 21 },
      ],
      [{ text: '4242', id: 4242 }, { take: 21 }],
    ] as const) {
      for (const generic of [false, true]) {
        const plan = await explain(t.database, searchUsersStatement, { placeholders: searchUsersParams(filters, page), generic });
        expect(plan, `${JSON.stringify(filters)} generic ${generic}`).toMatch(/users_first_name_trgm/);
        expect(plan).toMatch(/users_email_trgm/);
        expect(plan).toMatch(/Index Cond: \(id = /);
        expect(plan).not.toMatch(/Seq Scan on users/);
      }
    }
    const analysed = await explain(t.database, searchUsersStatement, {
      placeholders: searchUsersParams({ text: namePart }, { take: 21 }),
      generic: true,
      analyze: true,
    });
    // The matches' rows are read once (one bitmap heap scan), not again for the count.
    expect(analysed.match(/Bitmap Heap Scan on users/g)).toHaveLength(1);
  });

  it('the dashboard reads the counters and the days by their primary keys', async () => {
    for (const generic of [false, true]) {
      const plan = await explain(t.database, adminStatsStatement, { placeholders: { fromDay: '2026-01-01' }, generic });
      expect(plan).not.toMatch(/Seq Scan on (stat_counters|daily_stats)/);
    }
  });

  it('the audit log walks its created or action index', async () => {
    const all = await explain(t.database, auditEntriesQuery(t.db, { take: 21 }));
    expect(all).toMatch(/audit_log_created_idx/);
    expect(all).not.toMatch(/Sort/);
    const one = await explain(t.database, auditEntriesQuery(t.db, { action: 'post.delete', before: { at: new Date(), id: 10 }, take: 21 }));
    expect(one).toMatch(/audit_log_action_created_idx/);
    expect(one).not.toMatch(/Seq Scan on audit_log/);
  });
});
