import net from 'node:net';
import { parse } from 'pg-connection-string';
import postgres from 'postgres';

/*
 * The PostgreSQL client the app's prepared statements run on (decision record 029). postgres.js
 * writes queries that wait for a busy connection together and PostgreSQL answers them in order,
 * so under load one write and one wake of the database serve several requests; node-postgres
 * sends a connection's next query only after the last one was answered. Transactions, unnamed
 * queries, the migration lock and LISTEN stay on node-postgres (db/client.ts): postgres.js
 * describes every unnamed query with parameters in a round trip of its own, and bounds neither
 * a transaction's `commit` nor its `begin` in time.
 */

export type PipelinedClient = postgres.Sql;

export type PipelinedClientOptions = {
  /** Connections (DATABASE_POOL_SIZE). */
  poolSize: number;
  /** PostgreSQL's own limit on one statement (statement_timeout). */
  statementTimeoutMs: number;
  /** How long a query may wait for its answer, from the moment it is made (see withAnswerTimeout). */
  answerTimeoutMs: number;
};

/** Thrown into a query that heard nothing within the answer timeout (isDatabaseUnavailable knows it). */
export class DatabaseAnswerTimeout extends Error {
  override name = 'DatabaseAnswerTimeout';
  readonly code = 'DATABASE_ANSWER_TIMEOUT';
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms.`);
  }
}

/**
 * Opens a pool of `poolSize` connections (opened on first use) for `databaseUrl`, whose every
 * query fails with DatabaseAnswerTimeout when no answer came within `answerTimeoutMs`: a
 * PostgreSQL that hangs (a frozen host, a partition that drops packets) never answers, and
 * statement_timeout cannot fire on a server that is not running. postgres.js has no such bound of
 * its own (its connect_timeout covers only opening a connection).
 */
export function openPipelinedClient(databaseUrl: string, options: PipelinedClientOptions): PipelinedClient {
  const sockets = createSocketWatch();
  const settings = connectionSettingsOf(databaseUrl);
  const clientOptions: postgres.Options<Record<string, never>> & { socket: (target: SocketTarget) => net.Socket } = {
    ...settings,
    connection: { ...settings.connection, statement_timeout: options.statementTimeoutMs },
    max: options.poolSize,
    connect_timeout: 3,
    idle_timeout: 30,
    // postgres.js waits before reopening a connection, longer after each failure (up to 20 s): a
    // request after an outage would wait that long. It reopens only when a query asks, so none.
    backoff: () => 0,
    onnotice: () => undefined,
    // node-postgres sends an undefined parameter as null; postgres.js would refuse the query.
    transform: { undefined: null },
    // Read by postgres.js's connection.js (createSocket), though its types do not declare it.
    socket: (target) => sockets.open(target),
  };
  return withAnswerTimeout(postgres(clientOptions), options.answerTimeoutMs, sockets);
}

/** PostgreSQL's timestamptz, timestamp and date types. */
const TIME_TYPES = [1184, 1114, 1082];

/**
 * Sends a Date parameter as ISO text, as node-postgres sends one. To call after each time Drizzle's
 * driver is built on the client (db/client.ts, statementsDatabaseOn): building it makes these types
 * pass through as they are (its columns give text), and postgres.js cannot write a Date that way.
 */
export function sendDatesAsIsoText(client: PipelinedClient): void {
  const { serializers } = client.options;
  for (const type of TIME_TYPES) {
    const passThrough = serializers[type] ?? ((value: unknown) => value);
    serializers[type] = (value: unknown) => (value instanceof Date ? value.toISOString() : passThrough(value));
  }
}

/**
 * Where and how to connect, read from DATABASE_URL by node-postgres's own parser, so both pools
 * read one URL the same way: a Unix socket's directory as `?host=/var/run/postgresql`, and
 * `sslmode`, `sslrootcert`, `sslcert` and `sslkey` as node-postgres does (it verifies the server's
 * certificate for `require`; postgres.js alone would not, and would send `sslrootcert` to the
 * server as a setting).
 */
export function connectionSettingsOf(databaseUrl: string) {
  const parsed = parse(databaseUrl);
  return {
    host: parsed.host || 'localhost',
    port: parsed.port ? Number(parsed.port) : 5432,
    ...(parsed.database ? { database: parsed.database } : {}),
    ...(parsed.user ? { username: parsed.user } : {}),
    ...(parsed.password ? { password: parsed.password } : {}),
    // false, true (verify with the system's CAs) or TLS options; never a libpq mode name.
    ssl: parsed.ssl === true || (typeof parsed.ssl === 'object' && parsed.ssl !== null) ? parsed.ssl : false,
    connection: {
      application_name: parsed.application_name ?? 'alumlink',
      ...(parsed.options ? { options: parsed.options } : {}),
    },
  };
}

/**
 * A TCP socket named after its host as postgres.js names its own: TLS then sends that name (SNI)
 * and checks the certificate against it.
 */
function connectTcp(host: string, port: number): net.Socket {
  return Object.assign(net.connect(port, host), { host, port });
}

/** What postgres.js passes its `socket` option: the parsed hosts and ports, or a Unix socket path. */
type SocketTarget = { host: string[]; port: number[]; path: string | false };

type SocketWatch = ReturnType<typeof createSocketWatch>;

/** The sockets of one client, each with when it last heard from the server. */
function createSocketWatch() {
  const sockets = new Map<net.Socket, { writtenByLastRead: number; lastReadAt: number }>();
  return {
    /**
     * A socket to the first host (DATABASE_URL names one). postgres.js writes its start-up message
     * at once; the socket holds it until connected, and postgres.js's connect_timeout covers both.
     */
    open(target: SocketTarget): net.Socket {
      const socket = target.path ? net.connect(target.path) : connectTcp(target.host[0] ?? 'localhost', target.port[0] ?? 5432);
      const heard = { writtenByLastRead: 0, lastReadAt: performance.now() };
      sockets.set(socket, heard);
      socket.on('data', () => {
        heard.writtenByLastRead = socket.bytesWritten;
        heard.lastReadAt = performance.now();
      });
      socket.once('close', () => sockets.delete(socket));
      return socket;
    },
    /**
     * Destroys every socket that wrote something and has heard nothing for `ms`: the server hangs,
     * or bytes were lost and the connection's answers would never match its queries again.
     * Destroyed without an error, so postgres.js fails everything still waiting on it once it has
     * closed, queries that came in the meantime too (CONNECTION_CLOSED), and opens a new
     * connection when next asked.
     */
    destroyUnanswered(ms: number): void {
      const now = performance.now();
      for (const [socket, heard] of sockets) {
        if (socket.bytesWritten > heard.writtenByLastRead && now - heard.lastReadAt >= ms) socket.destroy();
      }
    },
  };
}

/** postgres.js's pending query is a promise that keeps its own `reject` (src/query.js). */
type PendingQuery = ReturnType<PipelinedClient['unsafe']> & { reject(reason: unknown): void };

/**
 * The client, with every `unsafe` query (the only kind Drizzle makes outside transactions)
 * rejected after `ms` without an answer. Its connection is then destroyed if it has heard nothing
 * for half that time (a statement merely slow is cancelled by PostgreSQL first, statement_timeout
 * being shorter than `ms`), so the queries after it do not wait on a connection that is lost.
 */
function withAnswerTimeout(client: PipelinedClient, ms: number, sockets: SocketWatch): PipelinedClient {
  const unsafe = (...args: Parameters<PipelinedClient['unsafe']>) => {
    const query = client.unsafe(...args) as PendingQuery;
    const timer = setTimeout(() => {
      query.reject(new DatabaseAnswerTimeout(ms));
      sockets.destroyUnanswered(ms / 2);
    }, ms);
    // Awaiting starts the query; postgres.js sends it a microtask later, after Drizzle has asked
    // for `.values()` on the same object.
    const stop = () => clearTimeout(timer);
    query.then(stop, stop);
    return query;
  };
  return new Proxy(client, {
    get: (target, key, receiver) => (key === 'unsafe' ? unsafe : Reflect.get(target, key, receiver)),
  });
}
