// Both PostgreSQL pools open their sessions with SESSION_SETTINGS (db/session-settings.ts): the
// node-postgres pool (transactions, other queries) and the pipelined client (prepared statements).
// Runs in the PostgreSQL suite only: PGlite has no JIT and takes no session settings.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseConnection } from './client';
import { prepareRawStatement } from './prepared';
import { SESSION_SETTINGS } from './session-settings';

const onPostgresSuite = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgresSuite)('PostgreSQL session settings (PostgreSQL suite only)', () => {
  let database: DatabaseConnection;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('turns JIT compilation off on both pools', async () => {
    expect(SESSION_SETTINGS.jit).toBe('off');
    const setting = sql`select current_setting('jit') as jit`;
    const { rows } = await database.db.execute<{ jit: string }>(setting);
    const [prepared] = await prepareRawStatement<{ jit: string }>(database.statements, 'jit_probe', setting).execute();
    expect({ pool: rows[0]?.jit, statements: prepared?.jit }).toEqual({ pool: 'off', statements: 'off' });
  });
});
