import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPgliteMemory, openPostgres, type DatabaseConnection } from '../db/client';
import { newTestDatabaseName, withDatabaseName } from './test-database-info';
import './test-database-info';

let pgliteDump: Blob | null = null;

async function withAdminClient<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated, empty database of its own: an in-memory PGlite loaded from the run's dump,
 * or (with TEST_DATABASE_URL) a PostgreSQL database created from the run's template and
 * dropped on close().
 */
export async function openTestDatabase(): Promise<DatabaseConnection> {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    pgliteDump ??= new Blob([readFileSync(info.dumpFile)]);
    return openPgliteMemory(pgliteDump);
  }
  const name = newTestDatabaseName('db');
  await withAdminClient(info.adminUrl, async (client) => {
    // Parallel workers copy the same template; PostgreSQL may briefly report it as in use (55006).
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query(`create database "${name}" template "${info.template}"`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  const connection = await openPostgres(withDatabaseName(info.adminUrl, name));
  return {
    ...connection,
    close: async () => {
      await connection.close();
      await withAdminClient(info.adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
