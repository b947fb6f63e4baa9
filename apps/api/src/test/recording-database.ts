import { rmSync } from 'node:fs';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Logger } from 'drizzle-orm/logger';
import { buildApp, type App } from '../app';
import type { Database, DatabaseConnection } from '../db/client';
import * as schema from '../db/schema/index';
import { createTestConfig } from './create-test-app';
import { openTestDatabase } from './test-database';

/** A statement the app ran: its SQL text and parameters. */
export type RecordedStatement = { text: string; params: unknown[] };

/**
 * The same connection, seen through a Drizzle handle that appends every statement it runs
 * (prepared ones included) to `into`: build the app on it to see what requests execute.
 */
export function recordingDatabase(connection: DatabaseConnection, into: RecordedStatement[]): DatabaseConnection {
  const logger: Logger = { logQuery: (text, params) => into.push({ text, params }) };
  const driver = connection.driver;
  const db = (driver.kind === 'pglite'
    ? drizzlePglite({ client: driver.client, schema, logger })
    : drizzleNodePg({ client: driver.pool, schema, logger })) as unknown as Database;
  return { ...connection, db };
}

/** A test app built on a recording handle of a new test database. */
export type RecordingTestApp = {
  app: App;
  /** The connection itself (not recording): for a test's own queries and EXPLAINs. */
  database: DatabaseConnection;
  /** Every statement the app ran, oldest first (empty it before a request to see that request's). */
  captured: RecordedStatement[];
  close(): Promise<void>;
};

export async function createRecordingTestApp(): Promise<RecordingTestApp> {
  const config = createTestConfig();
  const database = await openTestDatabase();
  const captured: RecordedStatement[] = [];
  const app = await buildApp({ config, database: recordingDatabase(database, captured) });
  return {
    app,
    database,
    captured,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
