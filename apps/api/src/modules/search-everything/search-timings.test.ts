import { SEARCH_KINDS } from '@alumlink/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, explain, insertBulkPeople, type TestApp } from '../../test/index';
import { kindSearchQuery } from './search-everything.repository';
import { splitSearchText } from './search-sources';

/**
 * EXPLAIN ANALYZE timings of each kind's search on a realistically sized dataset (decision record 045):
 * `MEASURE_SEARCH=1 [MEASURE_ROWS=20000] npx vitest run src/modules/search-everything/search-timings.test.ts`
 * (with TEST_DATABASE_URL for PostgreSQL). Skipped otherwise: it only prints figures.
 */
const ROWS = Number(process.env.MEASURE_ROWS ?? 20_000);

describe.skipIf(!process.env.MEASURE_SEARCH)('search everything timings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.transaction(async (db) => {
      await db.execute(sql`set local statement_timeout = 0`);
      await insertBulkPeople(db, ROWS, { variedNames: true });
      // Every row holds the common word "alumni" and a rare one ("w123").
      await db.execute(sql`
        insert into posts (user_id, caption, image, created_at)
        select id, 'Great to see alumni at the reunion this weekend, the cloud talk on data engineering was superb, class of '
          || (id % 30) || ' w' || id, null, now() - id * interval '1 minute' from users`);
      await db.execute(sql`
        insert into jobs (posted_by, title, company, location, type, apply_url, description)
        select id, 'Cloud Engineer w' || id, 'Company ' || id, 'Remote', 'Full-Time', 'https://example.com/' || id,
          'Build cloud data things with alumni teams' from users where id % 4 = 0`);
      await db.execute(sql`
        insert into events (title, starts_at, description)
        select 'Alumni meetup w' || id, now() + interval '1 day', 'Talks on cloud data for alumni' from users where id % 4 = 0`);
      await db.execute(sql`
        insert into communities (slug, name, description)
        select 'c-' || id, 'Alumni circle w' || id, 'A circle of alumni' from users where id % 4 = 0`);
      await db.execute(sql`update users set first_name = 'alumni' where id % 3 = 0`);
    });
    await t.db.execute(sql`vacuum analyze`);
  }, 600_000);
  afterAll(() => t.close());

  it('prints the median of five runs per kind and text', async () => {
    const lines: string[] = [];
    for (const kind of SEARCH_KINDS) {
      for (const text of ['alumni', 'alumni ', 'w1234']) {
        const times: number[] = [];
        for (let run = 0; run < 5; run += 1) {
          const query = kindSearchQuery(kind, { viewer: { id: 7, role: 'AL' }, text: splitSearchText(text), take: 21 });
          const plan = await explain(t.database, query, { analyze: true });
          times.push(Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1]));
        }
        times.sort((a, b) => a - b);
        lines.push(`${t.database.driver.kind} ${kind} '${text}': median ${times[2]?.toFixed(1)} ms`);
      }
    }
    console.log(lines.join('\n'));
  }, 600_000);
});
