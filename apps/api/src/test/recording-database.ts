import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Logger } from 'drizzle-orm/logger';
import { statementsDatabaseOn, type Database, type DatabaseConnection } from '../db/client';
import * as schema from '../db/schema/index';

/** A statement the app ran: its SQL text and parameters. */
export type RecordedStatement = { text: string; params: unknown[] };

/**
 * The same connection, seen through a Drizzle handle that appends every statement it runs
 * (prepared ones included) to `into`: createTestApp's `recordStatementsInto` builds the app on it.
 */
export function recordingDatabase(connection: DatabaseConnection, into: RecordedStatement[]): DatabaseConnection {
  const logger: Logger = { logQuery: (text, params) => into.push({ text, params }) };
  const driver = connection.driver;
  if (driver.kind === 'pglite') {
    const db = drizzlePglite({ client: driver.client, schema, logger }) as unknown as Database;
    return { ...connection, db, statements: db };
  }
  const db = drizzleNodePg({ client: driver.pool, schema, logger }) as unknown as Database;
  const statements = statementsDatabaseOn(driver.pipelined, logger);
  return { ...connection, db, statements };
}
