import type { AddressInfo } from 'node:net';
import { buildApp, type App, type BuildAppOptions } from '../app';
import { openPostgres, type DatabaseConnection } from '../db/client';
import type { TestApp } from './create-test-app';

/** Another app on the database of a test app, with a connection pool of its own. */
export type SecondInstance = {
  app: App;
  database: DatabaseConnection;
  /** Closes the app, then its pool. The database itself belongs to the first app. */
  close(): Promise<void>;
};

/**
 * Starts another instance on `primary`'s PostgreSQL database, as a second server of one
 * deployment would be: its own pool, the config given (the test defaults otherwise), ready.
 * Only on PostgreSQL: the embedded database belongs to one process.
 */
export async function startSecondInstance(primary: TestApp, options: Omit<BuildAppOptions, 'database'>): Promise<SecondInstance> {
  if (primary.database.driver.kind !== 'postgres') throw new Error('a second instance needs PostgreSQL (TEST_DATABASE_URL)');
  const database = await openPostgres(String(primary.database.driver.pool.options.connectionString));
  const app = await buildApp({ ...options, database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Listens on a free loopback port and answers the base URL, e.g. `http://127.0.0.1:40123`. */
export async function listenOnLoopback(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
