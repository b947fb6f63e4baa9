// The database half of a PostgreSQL backup (decision record 033): every table of the public
// schema written with COPY ... TO STDOUT from one consistent snapshot, plus each sequence's
// position and the migrations applied; and the way back (COPY ... FROM STDIN into a database the
// migrations built). Pure Node over postgres.js: no pg_dump whose major version must match.
import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import postgres from 'postgres';
import { connectionSettingsOf } from '../../apps/api/src/db/pipelined-client.ts';
import { fail, Refusal } from './data-dir.ts';

export const MANIFEST_FILE = 'alumlink-backup.json';
export const DATABASE_DIR = 'database';

export type TableDump = { name: string; columns: string[]; rows: number; file: string };
export type SequenceDump = { name: string; last_value: string; is_called: boolean };
export type Manifest = {
  format: 'alumlink-postgres-1';
  created_at: string;
  server_version: string;
  /** Hashes of the migrations applied, in order: a restore needs the same ones. */
  migrations: string[];
  tables: TableDump[];
  sequences: SequenceDump[];
  media: { source: string; files: number };
};

type Sql = postgres.Sql;
/** A client or a transaction of one: what the reading queries need. */
type Queries = postgres.TransactionSql | postgres.Sql;

export function openAdminClient(databaseUrl: string): Sql {
  const settings = connectionSettingsOf(databaseUrl);
  return postgres({ ...settings, max: 1, onnotice: () => undefined, connect_timeout: 5 });
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables of the public schema with the columns COPY may write (generated ones left out). */
async function tablesOf(sql: Queries): Promise<{ name: string; columns: string[] }[]> {
  const rows = await sql<{ name: string; columns: string[] }[]>`
    select c.relname as name,
           array_agg(a.attname::text order by a.attnum) filter (where a.attgenerated = '') as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where c.relkind = 'r'
     group by c.relname
     order by c.relname`;
  return rows.map((row) => ({ name: row.name, columns: row.columns ?? [] }));
}

async function migrationsOf(sql: Queries): Promise<string[]> {
  const present = await sql`select 1 from pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations'`;
  if (present.length === 0) return [];
  const rows = await sql<{ hash: string }[]>`select hash from drizzle.__drizzle_migrations order by id`;
  return rows.map((row) => row.hash);
}

/** Counts newline bytes: one per row in COPY's text format (newlines inside values are escaped). */
function rowCounter(): Transform & { rows: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      for (const byte of chunk) if (byte === 10) counter.rows += 1;
      callback(null, chunk);
    },
  }) as Transform & { rows: number };
  counter.rows = 0;
  return counter;
}

/** Writes every table into `dir/database/` from one snapshot; returns the manifest (media filled in by the caller). */
export async function dumpDatabase(databaseUrl: string, dir: string): Promise<Omit<Manifest, 'media'>> {
  const sql = openAdminClient(databaseUrl);
  try {
    const [{ server_version } = { server_version: '?' }] = await sql<{ server_version: string }[]>`show server_version`;
    return await sql.begin('isolation level repeatable read read only', async (tx) => {
      const migrations = await migrationsOf(tx);
      const tables: TableDump[] = [];
      for (const table of await tablesOf(tx)) {
        const file = join(DATABASE_DIR, `${table.name}.copy`);
        const counter = rowCounter();
        const columnList = table.columns.map(quote).join(', ');
        const source = await tx.unsafe(`copy ${quote(table.name)} (${columnList}) to stdout`).readable();
        await pipeline(source, counter, createWriteStream(join(dir, file)));
        tables.push({ ...table, rows: counter.rows, file });
      }
      const sequences: SequenceDump[] = [];
      const names = await tx<{ name: string }[]>`
        select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'S' order by c.relname`;
      for (const { name } of names) {
        const [position] = await tx.unsafe<{ last_value: string; is_called: boolean }[]>(
          `select last_value::text as last_value, is_called from ${quote(name)}`,
        );
        if (position) sequences.push({ name, ...position });
      }
      return {
        format: 'alumlink-postgres-1' as const,
        created_at: new Date().toISOString(),
        server_version,
        migrations,
        tables,
        sequences,
      };
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * How many people the database holds (0 without a schema): a database the migrations alone built
 * has rows of theirs (stat_counters, settings) but nobody in `users`, like isDatabaseEmpty.
 */
export async function peopleIn(sql: Sql): Promise<number> {
  const [schema] = await sql`select 1 from pg_tables where schemaname = 'public' and tablename = 'users'`;
  if (!schema) return 0;
  const [row] = await sql<{ people: string }[]>`select count(*)::text as people from users`;
  return Number(row?.people ?? 0);
}

/** How long PostgreSQL may take to confirm a table's COPY once all of it was sent. */
const COPY_CONFIRM_MS = 30_000;

/**
 * Streams `source` into a COPY and waits for PostgreSQL to confirm it. When PostgreSQL refuses a
 * row (a damaged archive), postgres.js neither fails the stream nor confirms it: without this
 * bound the restore would wait forever. Failing here rolls the transaction back.
 */
async function copyConfirmed(source: NodeJS.ReadableStream & Readable, target: Writable, table: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const unconfirmed = new Promise<never>((_, reject) =>
    source.once('end', () => {
      timer = setTimeout(
        () =>
          reject(
            new Refusal(
              `PostgreSQL did not confirm the rows of ${table} (a row it refused? the archive may be damaged); nothing was restored.`,
            ),
          ),
        COPY_CONFIRM_MS,
      );
    }),
  );
  try {
    await Promise.race([pipeline(source, target), unconfirmed]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Loads a dump into a database whose schema the migrations built, in one transaction: foreign
 * keys are dropped and re-added (so table order does not matter, and they are checked at the end),
 * user triggers are off (counters come from the dump, not recomputed), sequences are set to where
 * they were, and each table's count is compared with the dump's. Anything wrong rolls it all back.
 * The tables are emptied first in the same transaction: the migrations' own rows (and, forced,
 * the data of before) give way to the backup's.
 */
export async function loadDatabase(databaseUrl: string, dir: string, manifest: Manifest): Promise<void> {
  const sql = openAdminClient(databaseUrl);
  try {
    const migrations = await migrationsOf(sql);
    if (migrations.join() !== manifest.migrations.join())
      fail(
        `The backup was made at migration ${manifest.migrations.length} and this release is at ${migrations.length}: restore with the release that made the backup, then upgrade`,
      );
    const present = new Map((await tablesOf(sql)).map((table) => [table.name, table]));
    for (const table of manifest.tables) {
      const target = present.get(table.name);
      const missing = table.columns.filter((column) => !target?.columns.includes(column));
      if (!target || missing.length > 0) fail(`Table ${table.name} differs from the backup's (${missing.join(', ') || 'absent'})`);
    }
    await sql.begin(async (tx) => {
      const tables = [...present.keys()];
      if (tables.length > 0) await tx.unsafe(`truncate ${tables.map(quote).join(', ')} restart identity`);
      const foreignKeys = await tx<{ table: string; name: string; definition: string }[]>`
        select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
          from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`;
      for (const key of foreignKeys) await tx.unsafe(`alter table ${key.table} drop constraint ${quote(key.name)}`);
      for (const table of tables) await tx.unsafe(`alter table ${quote(table)} disable trigger user`);
      for (const table of manifest.tables) {
        const columnList = table.columns.map(quote).join(', ');
        const target = await tx.unsafe(`copy ${quote(table.name)} (${columnList}) from stdin`).writable();
        await copyConfirmed(createReadStream(join(dir, table.file)), target, table.name);
        const [counted] = await tx.unsafe<{ rows: string }[]>(`select count(*)::text as rows from ${quote(table.name)}`);
        if (Number(counted?.rows) !== table.rows)
          throw new Error(`table ${table.name}: ${counted?.rows} rows loaded, the backup holds ${table.rows}`);
      }
      for (const table of tables) await tx.unsafe(`alter table ${quote(table)} enable trigger user`);
      for (const key of foreignKeys) await tx.unsafe(`alter table ${key.table} add constraint ${quote(key.name)} ${key.definition}`);
      for (const sequence of manifest.sequences)
        await tx`select setval(${`public.${quote(sequence.name)}`}::regclass, ${sequence.last_value}::bigint, ${sequence.is_called})`;
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
}
