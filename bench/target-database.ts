import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPgliteDirectory, openPostgres } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { LOADED_TABLES } from './load-data';
import type { BenchOptions } from './options';
import { pgliteSession, postgresSession, type SqlSession } from './sql-session';

/** Where the bench data lives and how the server reaches it. */
export type BenchTarget = {
  kind: 'pglite' | 'postgres';
  /** For the report: "PGlite (temporary directory)" or "PostgreSQL 15.x, database alumlink_bench_default". */
  label: string;
  /** DATA_DIR of the server (PGlite data, media, lock). */
  dataDir: string;
  /** Environment the server needs on top of the bench's own (DATABASE_URL for PostgreSQL). */
  serverEnv: Record<string, string>;
  /** True when the database was created (or emptied) for this run and must be loaded. */
  empty: boolean;
  /** Opens one migrated session (only while the server is not running, for PGlite). */
  openSession(): Promise<SqlSession>;
  /** Empties the database (call with no session open): a reused one that held another scale or an interrupted load. */
  reset(): Promise<void>;
  /** Removes what this run created temporarily (never a reusable database). */
  cleanup(): void;
};

/** Name of the bench database for a scale on a PostgreSQL server. */
/** BENCH_DATABASE_PREFIX lets two benches share one PostgreSQL server (default alumlink_bench). */
export const benchDatabaseName = (scale: string) => `${process.env.BENCH_DATABASE_PREFIX ?? 'alumlink_bench'}_${scale}`;

async function migratePglite(dataDir: string): Promise<SqlSession> {
  const connection = await openPgliteDirectory(dataDir);
  try {
    await runMigrations(connection);
  } catch (error) {
    await connection.close();
    throw error;
  }
  if (connection.driver.kind !== 'pglite') throw new Error('expected PGlite');
  return pgliteSession(connection.driver.client, () => connection.close());
}

async function migratePostgres(url: string): Promise<SqlSession> {
  const connection = await openPostgres(url);
  try {
    await runMigrations(connection);
  } finally {
    await connection.close();
  }
  return postgresSession(url);
}

/**
 * True when the bench_meta row says this scale was loaded completely, by a loader that filled
 * every table the current one fills (its counts name each of LOADED_TABLES).
 */
export async function holdsScale(session: SqlSession, scale: string): Promise<boolean> {
  const [table] = await session.query<{ present: boolean }>(`select to_regclass('public.bench_meta') is not null as present`);
  if (!table?.present) return false;
  const rows = await session.query<{ scale: string; counts: Record<string, number> }>(
    `select scale, counts from bench_meta where complete`,
  );
  return rows.some((row) => row.scale === scale && LOADED_TABLES.every((name) => name in row.counts));
}

function pgliteTarget(options: BenchOptions): BenchTarget {
  const reusable = options.pgliteDir !== null;
  const dataDir = options.pgliteDir ? path.resolve(options.pgliteDir) : mkdtempSync(path.join(tmpdir(), 'alumlink-bench-'));
  if (reusable && options.fresh) rmSync(dataDir, { recursive: true, force: true });
  return {
    kind: 'pglite',
    label: reusable ? `PGlite (${dataDir})` : 'PGlite (temporary directory)',
    dataDir,
    serverEnv: {},
    empty: !existsSync(path.join(dataDir, 'pgdata')),
    openSession: () => migratePglite(dataDir),
    reset: async () => rmSync(dataDir, { recursive: true, force: true }),
    cleanup: () => {
      if (!reusable) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresTarget(options: BenchOptions, serverUrl: string): Promise<BenchTarget> {
  const name = benchDatabaseName(options.scale.name);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const recreate = async (session: SqlSession) => {
    // WITH (FORCE) (PostgreSQL 13+) ends sessions left behind by an interrupted run.
    await session.query(`drop database if exists ${name} with (force)`);
    await session.query(`create database ${name}`);
  };
  const admin = await postgresSession(serverUrl);
  let empty = false;
  let version = '';
  try {
    version = (await admin.query<{ v: string }>(`select current_setting('server_version') as v`))[0]?.v ?? '';
    const exists = (await admin.query(`select 1 from pg_database where datname = $1`, [name])).length > 0;
    let reuse = false;
    if (exists && !options.fresh) {
      const probe = await postgresSession(databaseUrl.href);
      try {
        reuse = await holdsScale(probe, options.scale.name);
      } finally {
        await probe.close();
      }
    }
    if (!reuse) {
      await recreate(admin);
      empty = true;
    }
  } finally {
    await admin.close();
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'alumlink-bench-media-'));
  return {
    kind: 'postgres',
    label: `PostgreSQL ${version}, database ${name}`,
    dataDir,
    serverEnv: { DATABASE_URL: databaseUrl.href },
    empty,
    openSession: () => migratePostgres(databaseUrl.href),
    reset: async () => {
      const session = await postgresSession(serverUrl);
      try {
        await recreate(session);
      } finally {
        await session.close();
      }
    },
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Prepares the bench database: PostgreSQL with BENCH_DATABASE_URL, PGlite otherwise. */
export function prepareTarget(options: BenchOptions): Promise<BenchTarget> {
  if (options.postgresUrl) return postgresTarget(options, options.postgresUrl);
  return Promise.resolve(pgliteTarget(options));
}
