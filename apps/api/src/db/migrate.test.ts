import { readdirSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres } from './client';
import { MIGRATIONS_DIR, runMigrations } from './migrate';
import { newTestDatabaseName, withDatabaseName } from '../test/test-database-info';

const info = inject('testDatabase');
const adminUrl = info.kind === 'postgres' ? info.adminUrl : '';
const created: string[] = [];

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const name of created) await admin(`drop database if exists "${name}" with (force)`);
});

describe.runIf(info.kind === 'postgres')('migrations on PostgreSQL', () => {
  it('run on an empty database with a pool of one connection (DATABASE_POOL_SIZE=1), on the connection holding the lock', async () => {
    const name = newTestDatabaseName('db');
    created.push(name);
    await admin(`create database "${name}"`);
    const connection = await openPostgres(withDatabaseName(adminUrl, name), { poolSize: 1 });
    try {
      await runMigrations(connection);
      const tables = await connection.db.execute<{ present: boolean }>(sql`select to_regclass('public.users') is not null as present`);
      expect(tables.rows[0]?.present).toBe(true);
      // Run again: nothing pending, the lock taken and given back.
      await runMigrations(connection);
    } finally {
      await connection.close();
    }
  });

  it('run to the end whatever the pool’s statement timeout (a long migration is not cancelled)', async () => {
    const name = newTestDatabaseName('db');
    created.push(name);
    await admin(`create database "${name}"`);
    // Statements of the pool give up after 1 ms: creating the schema's indexes and triggers takes longer.
    const connection = await openPostgres(withDatabaseName(adminUrl, name), { statementTimeoutMs: 1, queryTimeoutMs: 2_000 });
    try {
      await runMigrations(connection);
      const client = new pg.Client({ connectionString: withDatabaseName(adminUrl, name) });
      await client.connect();
      try {
        const { rows } = await client.query<{ migrations: string }>('select count(*) as migrations from drizzle.__drizzle_migrations');
        expect(Number(rows[0]?.migrations)).toBe(readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql')).length);
      } finally {
        await client.end();
      }
    } finally {
      await connection.close();
    }
  });
});
