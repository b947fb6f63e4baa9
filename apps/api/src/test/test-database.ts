import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPgliteMemory, openPostgres, type DatabaseConnection } from '../db/client';
import { BULK_PEOPLE, bulkDataFingerprint, insertBulkPeople, type BulkPeople } from './bulk-data';
import { newTestDatabaseName, withDatabaseName } from './test-database-info';
import './test-database-info';

/** The dumps this worker has read, by file (a test file loads its copy from memory). */
const pgliteDumps = new Map<string, Blob>();

/** A dump with bulk people is rebuilt after this long, so their `now()` timestamps stay recent. */
const BULK_DUMP_MAX_AGE_MS = 6 * 60 * 60 * 1000;

async function withAdminClient<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function dumpBlob(file: string): Blob {
  let blob = pgliteDumps.get(file);
  if (!blob) {
    blob = new Blob([readFileSync(file)]);
    pgliteDumps.set(file, blob);
  }
  return blob;
}

/**
 * The run's dump plus BULK_PEOPLE people, made by the first test file that asks (and kept beside
 * the dump for later runs): inserting them costs several times what loading a dump does.
 */
async function bulkDumpFile(dumpFile: string, bulk: BulkPeople): Promise<string> {
  const file = dumpFile.replace(/\.tar$/, `-bulk-${bulk}-${bulkDataFingerprint()}.tar`);
  try {
    if (Date.now() - statSync(file).mtimeMs < BULK_DUMP_MAX_AGE_MS) return file;
  } catch {
    // Not built yet.
  }
  const connection = await openPgliteMemory(dumpBlob(dumpFile));
  try {
    if (connection.driver.kind !== 'pglite') throw new Error('expected PGlite');
    await insertBulkPeople(connection.db, BULK_PEOPLE, { variedNames: bulk === 'varied-names' });
    await connection.driver.client.exec('checkpoint');
    const dump = await connection.driver.client.dumpDataDir('none');
    // Two workers may build it at once: each writes its own file and renames it into place.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    pgliteDumps.delete(file);
    return file;
  } finally {
    await connection.close();
  }
}

export type TestDatabaseOptions = {
  /**
   * The database starts with BULK_PEOPLE people, as `insertBulkPeople(db, BULK_PEOPLE, …)` makes
   * them ('varied-names': `{ variedNames: true }`) right after migrating: for query-plan tests.
   */
  bulkPeople?: BulkPeople;
};

/**
 * A fresh, migrated, empty database of its own: an in-memory PGlite loaded from the run's dump,
 * or (with TEST_DATABASE_URL) a PostgreSQL database created from the run's template and
 * dropped on close().
 */
export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<DatabaseConnection> {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const file = options.bulkPeople ? await bulkDumpFile(info.dumpFile, options.bulkPeople) : info.dumpFile;
    return openPgliteMemory(dumpBlob(file));
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
  const database = {
    ...connection,
    close: async () => {
      await connection.close();
      await withAdminClient(info.adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
  if (options.bulkPeople) {
    try {
      await insertBulkPeople(connection.db, BULK_PEOPLE, { variedNames: options.bulkPeople === 'varied-names' });
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}
