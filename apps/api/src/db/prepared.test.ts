import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/index';
import type { DatabaseConnection } from './client';
import { isoTimestampSql } from './prepared';

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await openTestDatabase();
});
afterAll(() => connection.close());

describe('isoTimestampSql', () => {
  it('writes a time as the driver reads it into a Date and toISOString writes it, microseconds cut off', async () => {
    const times = [
      '2026-01-02 03:04:05+00',
      '2026-01-02 03:04:05.1+00',
      '2026-01-02 03:04:05.123999+00',
      '2026-12-31 23:59:59.999999+00',
      '2026-06-30 22:30:00.000500+02',
      '1999-02-28 00:00:00.01-05',
    ];
    for (const time of times) {
      const value = sql`${time}::timestamptz`;
      const result = await connection.db.execute(sql`select ${isoTimestampSql(value)} as text, ${value} as at`);
      const row = result.rows[0] as { text: string; at: Date | string };
      expect(row.text, time).toBe(new Date(row.at).toISOString());
    }
  });
});
