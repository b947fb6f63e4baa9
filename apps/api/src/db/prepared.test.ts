import { Param, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/index';
import type { DatabaseConnection } from './client';
import { users } from './schema/index';
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
    const statement = prepareRawStatement<{ total: number }>(connection.statements, 'shared_placeholders_sum', query);
    expect(await statement.execute({ a: 10, b: 3, c: 1 })).toEqual([{ total: 10 + 3 * 10 + 10 + 5 + 3 + 1 }]);
  });

  it('leaves a $n in a string literal, quoted identifier, comment or dollar-quoted body as written', async () => {
    const a = sql.placeholder('a');
    const query = sql`select ${a}::integer as "$1 first", '$2 $1''$3' as literal, E'\\'$3' as escaped, -- $2 costs $1
      /* $2 /* $1 */ $3 */ $$ it's $2 $$ as dollar, $tag$ $1 $$ $2 $tag$ as tagged, ${a}::integer + ${7}::integer as "$2"`;
    const built = queryOfSharedPlaceholders(query);
    expect(built.sql).toBe(`select $1::integer as "$1 first", '$2 $1''$3' as literal, E'\\'$3' as escaped, -- $2 costs $1
      /* $2 /* $1 */ $3 */ $$ it's $2 $$ as dollar, $tag$ $1 $$ $2 $tag$ as tagged, $1::integer + $2::integer as "$2"`);
    expect(built.params).toEqual([a, 7]);
    const statement = prepareRawStatement<Record<string, unknown>>(connection.statements, 'shared_placeholders_literals', query);
    expect(await statement.execute({ a: 4 })).toEqual([
      { '$1 first': 4, literal: "$2 $1'$3", escaped: "'$3", dollar: " it's $2 ", tagged: ' $1 $$ $2 ', $2: 11 },
    ]);
  });

  it('refuses, when prepared, a placeholder cast to two SQL types', () => {
    const a = sql.placeholder('a');
    const twoTypes = sql`select ${a}::integer as n, ${a} :: text as t`;
    expect(() => queryOfSharedPlaceholders(twoTypes)).toThrow('Placeholder "a" is cast to integer and to text');
    expect(() => prepareRawStatement(connection.statements, 'shared_placeholders_two_types', twoTypes)).toThrow(
      /cast to integer and to text/,
    );
    const arrays = sql`select ${a}::int[] as n, ${a}::integer [ ] as m, ${a} as plain, ${a}::timestamptz[] as t`;
    expect(() => queryOfSharedPlaceholders(arrays)).toThrow('cast to integer[] and to timestamp with time zone[]');
  });

  it('takes one type written two ways, or a use PostgreSQL types from its context', async () => {
    const a = sql.placeholder('a');
    const query = sql`select ${a}::int + ${a}::INTEGER + ${a}::int4 as n, ${a} = ${users.id} as is_id from ${users} limit 1`;
    expect(queryOfSharedPlaceholders(query).params).toEqual([a]);
    const statement = prepareRawStatement<{ n: number }>(
      connection.statements,
      'shared_placeholders_one_type',
      sql`select ${a}::int + ${a}::integer as n`,
    );
    expect(await statement.execute({ a: 2 })).toEqual([{ n: 4 }]);
  });

  it("refuses a placeholder sent through two columns' encoders", () => {
    const a = sql.placeholder('a');
    expect(() => queryOfSharedPlaceholders(sql`select ${new Param(a, users.id)}, ${new Param(a, users.createdAt)}`)).toThrow(
      'Placeholder "a" is sent through two columns\' encoders',
    );
    expect(queryOfSharedPlaceholders(sql`select ${new Param(a, users.id)}, ${new Param(a, users.id)}`).params).toHaveLength(1);
  });

  it('refuses a statement text with a NUL character (which PostgreSQL cannot take)', () => {
    expect(() => queryOfSharedPlaceholders(sql`select ${sql.placeholder('a')} as ${sql.raw('"\0"')}`)).toThrow('NUL');
  });
});
