import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, explain, type TestApp } from '../../../test/index';
import { recipientIdsQuery } from './digest.repository';

// A digest run walks its recipients in keyset batches over notification_digest_items_due_idx,
// never sorting or scanning every waiting item.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { bulkPeople: 'plain' });
  await t.db.execute(sql`
    insert into notification_digest_items (user_id, category, frequency, text, link)
    select id, 'comment', case when id % 4 = 0 then 'weekly' else 'daily' end, 'Someone commented.', '/user'
    from users, generate_series(1, 3)`);
  await t.db.execute(sql`vacuum analyze`);
}, 120_000);
afterAll(() => t.close());

describe('digest query plans', () => {
  it('the next batch of recipients comes from notification_digest_items_due_idx in order', async () => {
    for (const after of [0, 2500]) {
      const plan = await explain(t.database, recipientIdsQuery(t.db, 'daily', after, 500));
      expect(plan, `after=${after}`).toMatch(/notification_digest_items_due_idx/);
      expect(plan, `after=${after}`).not.toMatch(/Seq Scan on notification_digest_items/);
      expect(plan, `after=${after}`).not.toMatch(/\bSort\b/);
    }
  });
});
