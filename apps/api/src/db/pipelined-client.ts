import type net from 'node:net';
import { parse } from 'pg-connection-string';
import postgres from 'postgres';
import { SESSION_SETTINGS } from './session-settings';
import { createAnswerWatch, type AnswerWatch, type SettlingQuery, type SocketTarget } from './answer-watch';

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
  /** Connections (DATABASE_PIPELINE_SIZE). */
  poolSize: number;
  /** PostgreSQL's own limit on one statement (statement_timeout). */
  statementTimeoutMs: number;
  /** How long a query may wait for its answer, from the moment it is made (see createAnswerWatch). */
  answerTimeoutMs: number;
};

/**
 * Opens a pool of `poolSize` connections (opened on first use) for `databaseUrl`, whose queries
 * fail with DatabaseAnswerTimeout when no answer came within `answerTimeoutMs` (a quarter more at
 * most; see createAnswerWatch). postgres.js has no such bound of its own (its connect_timeout
 * covers only opening a connection).
 */
export function openPipelinedClient(databaseUrl: string, options: PipelinedClientOptions): PipelinedClient {
  const answers = createAnswerWatch(options.answerTimeoutMs);
  const settings = connectionSettingsOf(databaseUrl);
  const clientOptions: postgres.Options<Record<string, never>> & { socket: (target: SocketTarget) => net.Socket } = {
    ...settings,
    connection: { ...settings.connection, ...SESSION_SETTINGS, statement_timeout: options.statementTimeoutMs },
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
    socket: (target) => answers.open(target),
  };
  return withAnswersWatched(postgres(clientOptions), answers);
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

/** A query of the client as it is made: settles through resolve/reject (see createAnswerWatch). */
export type PipelinedQuery = SettlingQuery;
type QueryObserver = (text: string, query: PipelinedQuery) => void;
let queryObserver: QueryObserver | null = null;

/** Tells `observer` of every query made from now on (lib/tracing-clients.ts); one observer per process. */
export function observePipelinedQueries(observer: QueryObserver): void {
  queryObserver = observer;
}

/**
 * The client, with every `unsafe` query (the only kind Drizzle makes outside transactions) counted
 * by `answers` until it settles.
 */
function withAnswersWatched(client: PipelinedClient, answers: AnswerWatch): PipelinedClient {
  const unsafe = (...args: Parameters<PipelinedClient['unsafe']>) => {
    const query = client.unsafe(...args);
    answers.track(query as unknown as SettlingQuery);
    if (queryObserver) queryObserver(args[0], query as unknown as SettlingQuery);
    return query;
  };
  return new Proxy(client, {
    get: (target, key, receiver) => (key === 'unsafe' ? unsafe : Reflect.get(target, key, receiver)),
  });
}
