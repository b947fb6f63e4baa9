import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgresJs } from 'drizzle-orm/postgres-js';
import type { Logger } from 'drizzle-orm/logger';
import type { ExtractTablesWithRelations } from 'drizzle-orm/relations';
import pg from 'pg';
import { DEFAULT_DATABASE_PIPELINE_SIZE, DEFAULT_DATABASE_POOL_SIZE, type AppConfig } from '../config';
import { acquireDataDirLock } from './lock';
import { sessionSettingsOption } from './session-settings';
import { openPipelinedClient, sendDatesAsIsoText, type PipelinedClient } from './pipelined-client';
import * as schema from './schema/index';

export type Schema = typeof schema;

type RowsResult<TRow> = { rows: (TRow extends Record<string, unknown> ? TRow : Record<string, unknown>)[] };

/** Result of `db.execute(sql...)` for both drivers: at least `rows`. */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}

/** The Drizzle database every module uses, whichever driver is underneath. */
export type Database = PgDatabase<RowsQueryResultHKT, Schema>;
/** A transaction handle (`db.transaction(async (tx) => ...)`); repositories accept `Database | Transaction`. */
export type Transaction = PgTransaction<RowsQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: what repository functions take. */
export type Executor = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The driver underneath, for the few places that need it (migrations, LISTEN, test dumps). On
 * PostgreSQL, `pool` is node-postgres (`db`: transactions, unnamed queries, sessions of their
 * own) and `pipelined` is postgres.js (`statements`).
 */
export type DatabaseDriver =
  | { kind: 'pglite'; client: PGlite; db: PgliteDatabase<Schema> }
  | { kind: 'postgres'; pool: pg.Pool; db: NodePgDatabase<Schema>; pipelined: PipelinedClient };

export type DatabaseConnection = {
  db: Database;
  /**
   * Where the named prepared statements of `createRepositories` run: `db` itself on PGlite; on
   * PostgreSQL a client that pipelines (db/pipelined-client.ts). Only for prepared statements:
   * its raw results are arrays (prepareRawStatement reads both shapes), and its transactions
   * would not be bounded in time.
   */
  statements: Database;
  kind: DatabaseKind;
  driver: DatabaseDriver;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Closes the driver (and releases the data directory lock for PGlite). Idempotent. */
  close(): Promise<void>;
};

const pgliteExtensions = { pg_trgm };

/** Keeps the embedded data directory small (PostgreSQL's default lets WAL grow to ~1 GB). */
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'];

/** Opens PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR/pgdata. */
export async function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'databasePoolSize' | 'databasePipelineSize'>,
): Promise<DatabaseConnection> {
  if (config.databaseUrl)
    return openPostgres(config.databaseUrl, { poolSize: config.databasePoolSize, pipelineSize: config.databasePipelineSize });
  return openPgliteDirectory(config.dataDir);
}

/** PGlite persisted under `dataDir/pgdata`, guarded by `dataDir/alumlink.lock`. */
export async function openPgliteDirectory(dataDir: string): Promise<DatabaseConnection> {
  const lock = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create({
      dataDir: path.join(dataDir, 'pgdata'),
      extensions: pgliteExtensions,
      startParams: pgliteStartParams,
    });
    return wrapPglite(client, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** In-memory PGlite, optionally started from a `dumpDataDir()` tarball (used by tests). */
export async function openPgliteMemory(fromDump?: Blob): Promise<DatabaseConnection> {
  const client = await PGlite.create({
    extensions: pgliteExtensions,
    startParams: pgliteStartParams,
    ...(fromDump ? { loadDataDir: fromDump } : {}),
  });
  return wrapPglite(client, () => undefined);
}

function wrapPglite(client: PGlite, afterClose: () => void): DatabaseConnection {
  const db = drizzlePglite({ client, schema });
  let closing: Promise<void> | null = null;
  return {
    db,
    statements: db,
    kind: 'pglite',
    driver: { kind: 'pglite', client, db },
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => {
      closing ??= (async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          afterClose();
        }
      })();
      return closing;
    },
  };
}

/** PostgreSQL cancels a statement running longer than this (statement_timeout). */
const STATEMENT_TIMEOUT_MS = 15_000;

export type PostgresOptions = {
  /** PostgreSQL's own limit on one statement. */
  statementTimeoutMs?: number;
  /**
   * How long the client waits for any answer before it gives up on the connection: a PostgreSQL
   * that hangs (a frozen host, a network partition that drops packets) never answers, and
   * statement_timeout cannot fire on a server that is not running. A little longer than the
   * statement timeout, so a slow statement is still cancelled by PostgreSQL first.
   */
  queryTimeoutMs?: number;
  /** Connections of the node-postgres pool (DATABASE_POOL_SIZE); default DEFAULT_DATABASE_POOL_SIZE. */
  poolSize?: number;
  /** Connections of the pipelined client (DATABASE_PIPELINE_SIZE); default DEFAULT_DATABASE_PIPELINE_SIZE. */
  pipelineSize?: number;
};

/**
 * The Drizzle handle the prepared statements run on, over the pipelined client: the only place
 * one is built, since building one resets how the client writes times (sendDatesAsIsoText after).
 * Its raw results are arrays, not `{ rows }`: see `statements` on DatabaseConnection.
 */
export function statementsDatabaseOn(pipelined: PipelinedClient, logger?: Logger): Database {
  const statements = drizzlePostgresJs({ client: pipelined, schema, ...(logger ? { logger } : {}) });
  sendDatesAsIsoText(pipelined);
  return statements as unknown as Database;
}

export async function openPostgres(databaseUrl: string, options: PostgresOptions = {}): Promise<DatabaseConnection> {
  const statementTimeoutMs = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  const queryTimeoutMs = options.queryTimeoutMs ?? statementTimeoutMs + 2_000;
  const poolSize = options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeoutMs,
    query_timeout: queryTimeoutMs,
    options: sessionSettingsOption(),
  });
  // An idle client losing its connection emits 'error' on the pool; without a listener it
  // would crash the process. The pool drops that client by itself.
  pool.on('error', () => undefined);
  // A client checked out of the pool (a transaction between two statements) has no 'error'
  // listener of the pool's: PostgreSQL restarting would crash the process. Its pending or next
  // query fails instead (a 503), and the pool discards the broken client on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzleNodePg({ client: pool, schema });
  const pipelineSize = options.pipelineSize ?? DEFAULT_DATABASE_PIPELINE_SIZE;
  const pipelined = openPipelinedClient(databaseUrl, { poolSize: pipelineSize, statementTimeoutMs, answerTimeoutMs: queryTimeoutMs });
  const statements = statementsDatabaseOn(pipelined);
  let closing: Promise<void> | null = null;
  return {
    db,
    statements,
    kind: 'postgres',
    driver: { kind: 'postgres', pool, db, pipelined },
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: () => {
      closing ??= Promise.all([pool.end(), pipelined.end({ timeout: 5 })]).then(() => undefined);
      return closing;
    },
  };
}
