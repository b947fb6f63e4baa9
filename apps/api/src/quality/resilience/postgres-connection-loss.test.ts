// What a PostgreSQL restart does to the connections of a running server, one piece at a time:
// each failure must count as "database unavailable" (a 503), never crash the process or be a 500.
import { createServer, type AddressInfo, type Server } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseConnection } from '../../db/client';
import { isDatabaseUnavailable } from '../../lib/errors';
import { openTestDatabase } from '../../test/index';

/** How a promise failed (null when it did not). */
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (failure: unknown) => failure,
  );

describe('a connection reset while connecting (a server shutting down)', () => {
  let resetting: Server;
  let port = 0;
  beforeAll(async () => {
    // Accepts the TCP connection, then resets it: what a PostgreSQL on its way down may do.
    resetting = createServer((socket) => socket.resetAndDestroy());
    await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
    port = (resetting.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => resetting.close(resolve)));

  it('fails the query as unavailable', async () => {
    const connection = await openPostgres(`postgres://postgres@127.0.0.1:${port}/postgres`);
    try {
      const error = await failureOf(connection.db.execute(sql`select 1`));
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await connection.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL session cut inside a transaction (PostgreSQL suite only)', () => {
  let database: DatabaseConnection;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('fails that transaction as unavailable, keeps the process up, and the pool carries on', async () => {
    const error = await failureOf(
      database.db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
        // Cut this transaction's session from another one, while it waits between two statements.
        await database.db.execute(sql`select pg_terminate_backend(${rows[0]?.pid ?? 0})`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      }),
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
    const { rows } = await database.db.execute<{ one: number }>(sql`select 1 as one`);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
