import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, explain, insertBulkPeople, type TestApp } from '../../test/index';
import { rotateRefreshSessionSql } from './sessions.repository';

// Proves a refresh-token rotation (one prepared statement) finds its session by the token hash's
// unique index and its person by primary key on large tables (5,000 people, 50,000 sessions, analysed).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertBulkPeople(t.db, 5000);
  await t.db.execute(sql`
    insert into refresh_sessions (user_id, token_hash, family, expires_at, created_at)
    select 1 + g % 5000, md5('t' || g), md5('f' || (g / 3))::uuid, now() + interval '7 days', now() from generate_series(1, 50000) g`);
  await t.db.execute(sql`vacuum analyze`);
}, 120_000);
afterAll(() => t.close());

describe('refresh rotation query plan on large tables', () => {
  it('reads and writes sessions by the token hash and primary keys (custom and generic plans)', async () => {
    const now = new Date();
    const placeholders = {
      tokenHash: 'a'.repeat(64),
      nextTokenHash: 'b'.repeat(64),
      nextExpiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
      now: now.toISOString(),
    };
    for (const generic of [false, true]) {
      const plan = await explain(t.database, rotateRefreshSessionSql, { placeholders, generic });
      expect(plan, `generic=${generic}`).toMatch(/refresh_sessions_token_hash_unique/);
      expect(plan, `generic=${generic}`).toMatch(/refresh_sessions_pkey/);
      expect(plan, `generic=${generic}`).toMatch(/users_pkey/);
      expect(plan, `generic=${generic}`).not.toMatch(/Seq Scan on (refresh_sessions|users)\b/);
    }
  });
});
