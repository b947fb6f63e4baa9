// What a PostgreSQL restart does to the connections of a running server, one piece at a time:
// each failure must count as "database unavailable" (a 503), never crash the process or be a 500.
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseConnection } from '../../db/client';
import { prepareRawStatement } from '../../db/prepared';
import { isDatabaseUnavailable } from '../../lib/errors';
import { openTestDatabase } from '../../test/index';

/** A prepared statement on the connection's pipelined client (where the repositories' statements run). */
const probeStatement = (connection: DatabaseConnection) =>
  prepareRawStatement<{ one: number }>(connection.statements, 'connection_loss_probe', sql`select 1 as one`);

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

  it('fails a prepared statement on the pipelined client as unavailable', async () => {
    const connection = await openPostgres(`postgres://postgres@127.0.0.1:${port}/postgres`);
    try {
      const error = await failureOf(probeStatement(connection).execute());
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

/**
 * A TCP proxy to PostgreSQL that can freeze: while frozen it keeps every connection open but
 * passes nothing on, like a hung database host or a partition that drops packets.
 */
async function freezableProxy(target: URL) {
  let frozen = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => void (frozen || upstream.write(chunk)));
    upstream.on('data', (chunk) => void (frozen || client.write(chunk)));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    freeze: (value: boolean) => void (frozen = value),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Runs `count` prepared statements at once on a one-connection pipelined client (answer timeout
 * 1 s) while the server is frozen, and answers how each failed and how long they took in all; then
 * thaws it and, once the client's refusal of new connections (a quarter of the timeout) is over,
 * answers what a statement gives.
 */
async function probesWhileFrozen(count: number) {
  const proxy = await freezableProxy(new URL(String(process.env.TEST_DATABASE_URL)));
  const connection = await openPostgres(proxy.url, { statementTimeoutMs: 500, queryTimeoutMs: 1_000, poolSize: 1, pipelineSize: 1 });
  const probe = probeStatement(connection);
  try {
    expect(await probe.execute()).toEqual([{ one: 1 }]);
    proxy.freeze(true);
    const startedAt = Date.now();
    const failures = await Promise.all(Array.from({ length: count }, () => failureOf(probe.execute())));
    const waitedMs = Date.now() - startedAt;
    proxy.freeze(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    return { failures, waitedMs, afterwards: await probe.execute() };
  } finally {
    await connection.close();
    await proxy.close();
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL that stops answering (PostgreSQL suite only)', () => {
  it('fails the waiting query as unavailable after the query timeout, and the pool recovers once it answers again', async () => {
    const proxy = await freezableProxy(new URL(String(process.env.TEST_DATABASE_URL)));
    const connection = await openPostgres(proxy.url, { statementTimeoutMs: 500, queryTimeoutMs: 1_000 });
    try {
      await connection.db.execute(sql`select 1`);
      proxy.freeze(true);
      const startedAt = Date.now();
      const error = await failureOf(connection.db.execute(sql`select 1`));
      const waitedMs = Date.now() - startedAt;
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(waitedMs).toBeGreaterThanOrEqual(900);
      expect(waitedMs).toBeLessThan(5_000);

      proxy.freeze(false);
      const { rows } = await connection.db.execute<{ one: number }>(sql`select 1 as one`);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await connection.close();
      await proxy.close();
    }
  }, 20_000);

  it('fails a waiting prepared statement on the pipelined client after the timeout, and it recovers once the server answers', async () => {
    // Three at once on one connection: the two behind the first wait in its pipeline, bounded too.
    const { failures, waitedMs, afterwards } = await probesWhileFrozen(3);
    expect(failures.map(isDatabaseUnavailable)).toEqual([true, true, true]);
    expect(waitedMs).toBeGreaterThanOrEqual(900);
    expect(waitedMs).toBeLessThan(5_000);
    expect(afterwards).toEqual([{ one: 1 }]);
  }, 20_000);

  it('fails the queries waiting for a connection at once, not one per connect timeout', async () => {
    // postgres.js pipelines 100 queries on a connection; the other 50 wait for one, and each
    // connection it opens to the frozen server would take its connect timeout (3 s) to fail.
    const { failures, waitedMs, afterwards } = await probesWhileFrozen(150);
    expect(failures.filter(isDatabaseUnavailable)).toHaveLength(150);
    expect(waitedMs).toBeGreaterThanOrEqual(900);
    expect(waitedMs).toBeLessThan(2_500);
    expect(afterwards).toEqual([{ one: 1 }]);
  }, 20_000);
});
