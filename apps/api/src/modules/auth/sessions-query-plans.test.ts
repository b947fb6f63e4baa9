import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personBySessionQuery } from './session-person.repository';
import { createTestApp, explain, insertBulkSessionFamilies, type TestApp } from '../../test/index';
import { rotateRefreshSessionSql } from './sessions.repository';

// Proves a refresh-token rotation (one prepared statement) finds its session by the token hash's
// unique index, its family and its person by primary key, and that authenticate's statement
// (person and session, every request) is two primary-key lookups, on large tables (5,000
// people, 50,000 sessions in 16,667 families, analysed).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { bulkPeople: 'plain' });
  await insertBulkSessionFamilies(t.db);
  await t.db.execute(sql`
    insert into refresh_sessions (user_id, token_hash, family, expires_at, created_at)
    select 1 + ((g / 3) * 3) % 5000, md5('t' || g), md5('f' || (g / 3))::uuid, now() + interval '7 days', now() from generate_series(1, 50000) g`);
  await t.db.execute(sql`vacuum analyze`);
}, 120_000);
afterAll(() => t.close());

describe('session query plans on large tables', () => {
  it('rotation reads and writes sessions by the token hash and primary keys (custom and generic plans)', async () => {
    const now = new Date();
    const placeholders = { tokenHash: 'a'.repeat(64), nextTokenHash: 'b'.repeat(64), now: now.toISOString() };
    for (const generic of [false, true]) {
      const plan = await explain(t.database, rotateRefreshSessionSql, { placeholders, generic });
      expect(plan, `generic=${generic}`).toMatch(/refresh_sessions_token_hash_unique/);
      expect(plan, `generic=${generic}`).toMatch(/refresh_sessions_pkey/);
      expect(plan, `generic=${generic}`).toMatch(/session_families_pkey/);
      expect(plan, `generic=${generic}`).toMatch(/users_pkey/);
      expect(plan, `generic=${generic}`).not.toMatch(/Seq Scan on (refresh_sessions|session_families|users)\b/);
    }
  });

  it('authenticate loads the person and the session by their primary keys in one statement', async () => {
    const placeholders = { id: 42, session: '0b5c1f2e-7a4d-4c3b-9e8f-123456789abc' };
    for (const generic of [false, true]) {
      const plan = await explain(t.database, personBySessionQuery(t.db), { placeholders, generic });
      expect(plan, `generic=${generic}`).toMatch(/Index Scan using users_pkey/);
      expect(plan, `generic=${generic}`).toMatch(/Index Scan using session_families_pkey/);
      expect(plan, `generic=${generic}`).not.toMatch(/Seq Scan/);
    }
  });
});
