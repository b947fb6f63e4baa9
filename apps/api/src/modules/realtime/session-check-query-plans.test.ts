import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, explain, insertBulkSessionFamilies, type TestApp } from '../../test/index';
import { endedSocketSessionsSql } from './realtime.repository';

// The sockets' periodic sign-in re-check is one statement per instance and tick, whatever the
// number of sockets: each (person, family) pair is looked up by primary key, on large tables
// (5,000 people, 16,667 session families, analysed) and for 2,000 sockets' pairs.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { bulkPeople: 'plain' });
  await insertBulkSessionFamilies(t.db);
  await t.db.execute(sql`vacuum analyze`);
}, 120_000);
afterAll(() => t.close());

/** `count` pairs as the hub holds them: families of the bulk data with their people. */
async function openPairs(count: number): Promise<{ userId: number; family: string }[]> {
  const { rows } = await t.db.execute<{ user_id: number; id: string }>(
    sql`select user_id, id from session_families order by id limit ${count}`,
  );
  return rows.map((row) => ({ userId: row.user_id, family: row.id }));
}

describe('sign-in re-check of open sockets', () => {
  it('finds the pairs by the primary keys, never scanning session_families or users (custom and generic plans)', async () => {
    const pairs = await openPairs(2000);
    const placeholders = {
      userIds: `{${pairs.map((pair) => pair.userId).join(',')}}`,
      families: `{${pairs.map((pair) => pair.family).join(',')}}`,
    };
    for (const generic of [false, true]) {
      const plan = await explain(t.database, endedSocketSessionsSql, { placeholders, generic });
      expect(plan, `generic=${generic}`).toMatch(/session_families_pkey/);
      expect(plan, `generic=${generic}`).toMatch(/users_pkey/);
      expect(plan, `generic=${generic}`).not.toMatch(/Seq Scan on (session_families|users)\b/);
    }
  });

  it('answers exactly the ended, foreign, unknown and inactive pairs among 2,000', async () => {
    const pairs = await openPairs(2000);
    const [ended, ofInactive, live] = [pairs[10], pairs[20], pairs[30]];
    if (!ended || !ofInactive || !live) throw new Error('bulk data missing');
    await t.db.execute(sql`update session_families set ended_at = now() where id = ${ended.family}::uuid`);
    await t.db.execute(sql`update users set is_active = false where id = ${ofInactive.userId}`);
    const foreign = { userId: live.userId === 1 ? 2 : 1, family: live.family };
    const unknown = { userId: live.userId, family: randomUUID() };
    const found = await t.ctx.repositories.realtime.findEndedSessions([...pairs, foreign, unknown]);
    const expected = [ended, foreign, unknown, ...pairs.filter((pair) => pair.userId === ofInactive.userId)];
    const key = (pair: { userId: number; family: string }) => `${pair.userId}:${pair.family}`;
    expect(new Set(found.map(key))).toEqual(new Set(expected.map(key)));
    expect(found).toHaveLength(new Set(expected.map(key)).size);
    expect(await t.ctx.repositories.realtime.findEndedSessions([])).toEqual([]);
  });
});
