import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './client';
import { connectionSettingsOf, openPipelinedClient } from './pipelined-client';
import { isDatabaseUnavailable } from '../lib/errors';
import { recordingDatabase } from '../test/recording-database';
import { prepareRawStatement } from './prepared';

describe('connectionSettingsOf (DATABASE_URL read as node-postgres reads it)', () => {
  it('takes a Unix socket directory from ?host=, not as a server setting', () => {
    expect(connectionSettingsOf('postgres://postgres@localhost/app?host=/var/run/postgresql')).toEqual({
      host: '/var/run/postgresql',
      port: 5432,
      database: 'app',
      username: 'postgres',
      ssl: false,
      connection: { application_name: 'alumlink' },
    });
  });

  it('reads an encoded password, a port, an application name and server options', () => {
    expect(connectionSettingsOf('postgres://app:p%40ss@db.example:6543/main?application_name=api&options=-c%20search_path%3Dx')).toEqual({
      host: 'db.example',
      port: 6543,
      database: 'main',
      username: 'app',
      password: 'p@ss',
      ssl: false,
      connection: { application_name: 'api', options: '-c search_path=x' },
    });
  });

  it('verifies the server certificate for sslmode=verify-full, not for no-verify, and uses no TLS for disable', () => {
    expect(connectionSettingsOf('postgres://u@db.example/app?sslmode=verify-full').ssl).toEqual({});
    expect(connectionSettingsOf('postgres://u@db.example/app?sslmode=no-verify').ssl).toEqual({ rejectUnauthorized: false });
    expect(connectionSettingsOf('postgres://u@db.example/app?sslmode=disable').ssl).toBe(false);
  });

  it('reads sslrootcert as the CA to trust', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-ca-'));
    try {
      writeFileSync(path.join(dir, 'ca.pem'), 'a certificate');
      const settings = connectionSettingsOf(`postgres://u@db.example/app?sslmode=verify-full&sslrootcert=${path.join(dir, 'ca.pem')}`);
      expect(settings.ssl).toEqual({ ca: 'a certificate' });
      expect(settings.connection).toEqual({ application_name: 'alumlink' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the answer timeout of the pipelined client', () => {
  it('fails the queries on a server that accepts and never answers, once the timeout has passed and soon after', async () => {
    const silent = new Set<Socket>();
    const server = createServer((socket) => void silent.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = openPipelinedClient(`postgres://postgres@127.0.0.1:${port}/app`, {
      poolSize: 1,
      statementTimeoutMs: 500,
      answerTimeoutMs: 1_000,
    });
    try {
      const startedAt = performance.now();
      const failures = await Promise.all(
        [client.unsafe('select 1'), client.unsafe('select 2')].map((query) =>
          query.then(
            () => null,
            (error: unknown) => error,
          ),
        ),
      );
      const waitedMs = performance.now() - startedAt;
      expect(failures.map(isDatabaseUnavailable)).toEqual([true, true]);
      expect(waitedMs).toBeGreaterThanOrEqual(1_000);
      expect(waitedMs).toBeLessThan(2_000);
      expect(silent.size).toBe(1);
    } finally {
      await client.end({ timeout: 0 });
      for (const socket of silent) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('prepared statements on the pipelined client (PostgreSQL suite only)', () => {
  it('answers many at once on one connection, each with its own rows', async () => {
    const connection = await openPostgres(String(process.env.TEST_DATABASE_URL), { pipelineSize: 1 });
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

  it('sends a Date parameter as the instant it is, as node-postgres does', async () => {
    const connection = await openPostgres(String(process.env.TEST_DATABASE_URL));
    try {
      const at = new Date('2026-11-27T20:15:30.123Z');
      const probe = prepareRawStatement<{ at: string; day: string }>(
        connection.statements,
        'pipelined_date',
        sql`select to_char(${sql.placeholder('at')}::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
          ${sql.placeholder('day')}::date::text as day`,
      );
      expect(await probe.execute({ at, day: at })).toEqual([{ at: '2026-11-27T20:15:30.123Z', day: '2026-11-27' }]);
    } finally {
      await connection.close();
    }
  });

  it('still sends a Date after a recording view of the same connection was built (tests record statements that way)', async () => {
    const connection = await openPostgres(String(process.env.TEST_DATABASE_URL));
    try {
      recordingDatabase(connection, []);
      const probe = prepareRawStatement<{ day: string }>(
        connection.statements,
        'pipelined_date_after_recording',
        sql`select ${sql.placeholder('day')}::date::text as day`,
      );
      expect(await probe.execute({ day: new Date('2026-11-27T20:15:30.123Z') })).toEqual([{ day: '2026-11-27' }]);
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
