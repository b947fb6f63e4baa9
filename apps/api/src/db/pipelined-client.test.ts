import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './client';
import { withoutLibpqHost } from './pipelined-client';
import { prepareRawStatement } from './prepared';

describe('withoutLibpqHost', () => {
  it('takes a Unix socket directory out of the query string, keeping the other settings', () => {
    expect(withoutLibpqHost('postgres://postgres@localhost/app?host=/var/run/postgresql&sslmode=disable')).toEqual({
      url: 'postgres://postgres@localhost/app?sslmode=disable',
      host: '/var/run/postgresql',
    });
  });

  it('leaves a URL without one as it is', () => {
    const url = 'postgres://user:secret@db.example:6543/app?sslmode=require';
    expect(withoutLibpqHost(url)).toEqual({ url, host: null });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('prepared statements on the pipelined client (PostgreSQL suite only)', () => {
  it('answers many at once on one connection, each with its own rows', async () => {
    const connection = await openPostgres(String(process.env.TEST_DATABASE_URL), { poolSize: 1 });
    try {
      const echo = prepareRawStatement<{ n: number }>(
        connection.statements,
        'pipelined_echo',
        sql`select ${sql.placeholder('n')}::int as n`,
      );
      const numbers = Array.from({ length: 50 }, (_, index) => index);
      const answers = await Promise.all(numbers.map((n) => echo.execute({ n })));
      expect(answers).toEqual(numbers.map((n) => [{ n }]));
    } finally {
      await connection.close();
    }
  });

  it('sends an undefined parameter as null, as node-postgres does', async () => {
    const connection = await openPostgres(String(process.env.TEST_DATABASE_URL));
    try {
      const probe = prepareRawStatement<{ missing: boolean }>(
        connection.statements,
        'pipelined_undefined',
        sql`select ${sql.placeholder('value')}::int is null as missing`,
      );
      expect(await probe.execute({ value: undefined })).toEqual([{ missing: true }]);
    } finally {
      await connection.close();
    }
  });
});
