import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Logger } from 'drizzle-orm/logger';
import { statementsDatabaseOn, type Database, type DatabaseConnection } from '../db/client';
import * as schema from '../db/schema/index';

/**
 * A statement the app ran: its SQL text, its parameters, and the handle that ran it (`statements`:
 * the prepared-statements handle of the repositories; `db`: every other query and transaction).
 */
export type RecordedStatement = { text: string; params: unknown[]; via: 'statements' | 'db' };

/**
 * The same connection, seen through a Drizzle handle that appends every statement it runs
 * (prepared ones included) to `into`: createTestApp's `recordStatementsInto` builds the app on it.
 */
export function recordingDatabase(connection: DatabaseConnection, into: RecordedStatement[]): DatabaseConnection {
  const loggerFor = (via: RecordedStatement['via']): Logger => ({ logQuery: (text, params) => into.push({ text, params, via }) });
  const driver = connection.driver;
  if (driver.kind === 'pglite') {
    // One client behind both handles, as on PGlite itself; two loggers tell them apart.
    const db = drizzlePglite({ client: driver.client, schema, logger: loggerFor('db') }) as unknown as Database;
    const statements = drizzlePglite({ client: driver.client, schema, logger: loggerFor('statements') }) as unknown as Database;
    return { ...connection, db, statements };
  }
  const db = drizzleNodePg({ client: driver.pool, schema, logger: loggerFor('db') }) as unknown as Database;
  const statements = statementsDatabaseOn(driver.pipelined, loggerFor('statements'));
  return { ...connection, db, statements };
}
