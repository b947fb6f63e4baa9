import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/index';
import type { DatabaseConnection } from './client';
import { isoTimestampSql, prepareRawStatement, queryOfSharedPlaceholders } from './prepared';

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

describe('queryOfSharedPlaceholders', () => {
  const query = sql`select ${sql.placeholder('a')}::integer + ${sql.placeholder('b')}::integer * ${sql.placeholder('a')}::integer
    + ${sql.placeholder('a')}::integer + ${5}::integer + ${sql.placeholder('b')}::integer + ${sql.placeholder('c')}::integer as total`;

  it('sends each placeholder once, at each of its uses, and other values apart', () => {
    const built = queryOfSharedPlaceholders(query);
    expect(built.sql).toBe(`select $1::integer + $2::integer * $1::integer
    + $1::integer + $3::integer + $2::integer + $4::integer as total`);
    expect(built.params).toHaveLength(4);
    expect(built.params[2]).toBe(5);
  });

  it('answers what the statement with a parameter per use answers', async () => {
    const statement = prepareRawStatement<{ total: number }>(connection.statements, 'shared_placeholders_sum', query, {
      sharedPlaceholders: true,
    });
    expect(await statement.execute({ a: 10, b: 3, c: 1 })).toEqual([{ total: 10 + 3 * 10 + 10 + 5 + 3 + 1 }]);
  });
});
