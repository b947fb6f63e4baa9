import { is, Param, Placeholder, sql, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Database, Executor } from './client';

/*
 * Prepared statements are built once per app by the repositories that own them
 * (src/repositories.ts, `ctx.repositories`). Drizzle otherwise rebuilds a query's SQL text on each
 * call, and PostgreSQL parses and plans it again; a named prepared statement skips both
 * (node-postgres parses it once per pooled connection; PGlite reuses the built text). Statements
 * are bound to the handle they were prepared on, so they run on the database, never inside a
 * transaction. Statement names must be unique across the app.
 */

/**
 * Drizzle's PostgreSQL dialect, writing each parameter as `numbering` says while a
 * queryOfSharedPlaceholders build runs (the build is synchronous), else as `$n`, one per use.
 */
class SharedPlaceholdersDialect extends PgDialect {
  override escapeParam(num: number, value?: unknown): string {
    return numbering ? numbering(value) : `$${num + 1}`;
  }
}

let numbering: ((value: unknown) => string) | null = null;
const dialect = new SharedPlaceholdersDialect();

/**
 * A named prepared statement from raw SQL, for statements clearer as SQL than as a query
 * builder (data-modifying CTEs). `execute` answers the rows as PostgreSQL names their columns,
 * with no drizzle mapping: integers and text arrive as such, timestamps as strings. Each named
 * placeholder is sent once however often the statement reads it (queryOfSharedPlaceholders).
 */
export function prepareRawStatement<Row>(db: Database, name: string, query: SQL) {
  const prepared = db._.session.prepareQuery<PreparedQueryConfig & { execute: RawResult<Row> }>(
    queryOfSharedPlaceholders(query),
    undefined,
    name,
    false,
  );
  return {
    execute: async (params?: Record<string, unknown>): Promise<Row[]> => rowsOf(await prepared.execute(params)),
  };
}

/**
 * prepareRawStatement answering each row as its values in the statement's column order (an
 * array), so the driver builds no object per row: postgres.js stores each column of an object row
 * under its name, one keyed store at a time, and for a wide row (an offer's board: 21 rows of 31
 * columns) that was a third of the client's CPU per execution (decision record 062). Drizzle
 * reads arrays from every driver when the statement has a result mapper of its own (here none
 * but the identity).
 */
export function prepareRawValuesStatement<Values extends readonly unknown[]>(db: Database, name: string, query: SQL) {
  const prepared = db._.session.prepareQuery<PreparedQueryConfig & { execute: Values[] }>(
    queryOfSharedPlaceholders(query),
    undefined,
    name,
    true,
    (rows) => rows as unknown as Values[],
  );
  return {
    execute: (params?: Record<string, unknown>): Promise<Values[]> => prepared.execute(params),
  };
}

/**
 * Where Drizzle writes a parameter while queryOfSharedPlaceholders builds: a NUL, the use's index,
 * a NUL. PostgreSQL's statement text can hold no NUL, so these are found exactly, never inside a
 * literal, identifier or comment of the statement's own text (which the build leaves alone).
 */
const USE_MARK = /\0(\d+)\0/g;
const NUL = '\0';

/**
 * The SQL type a use is cast to (`$n::integer`, `$n :: text[]`), as written after the mark:
 * the type's words (`timestamp with time zone`, `double precision`) and any `[]`.
 */
const CAST_AFTER_USE = /^\s*::\s*("?[a-z_][\w$.]*"?(?:\s+(?:precision|varying|with(?:out)?\s+time\s+zone))?(?:\s*\[\s*\])*)/i;

/** PostgreSQL's other names for common types, so `::int` and `::integer` count as one type. */
const TYPE_ALIASES: Record<string, string> = {
  int: 'integer',
  int4: 'integer',
  int8: 'bigint',
  int2: 'smallint',
  bool: 'boolean',
  varchar: 'character varying',
  float8: 'double precision',
  float4: 'real',
  timestamptz: 'timestamp with time zone',
  timestamp: 'timestamp without time zone',
  decimal: 'numeric',
};

function typeNameOf(cast: string): string {
  const [, base = '', arrays = ''] =
    /^(.*?)((?:\[\])*)$/.exec(
      cast
        .toLowerCase()
        .replace(/\s+/g, ' ')
        .replace(/\s*\[\s*\]/g, '[]')
        .trim(),
    ) ?? [];
  return (TYPE_ALIASES[base] ?? base) + arrays;
}

/** The name of a named placeholder (bare, or a column's encoded Param around one), else undefined. */
function placeholderNameOf(value: unknown): string | undefined {
  if (is(value, Placeholder)) return value.name;
  if (is(value, Param) && is(value.value, Placeholder)) return value.value.name;
  return undefined;
}

/** How a placeholder's value is sent: as given, or through a column's encoder. */
function encoderOf(value: unknown): unknown {
  return is(value, Param) ? value.encoder : undefined;
}

/**
 * The statement text and parameters of `query` with each named placeholder sent once, as one
 * `$n` at each of its uses. Drizzle numbers every use apart, so a statement that asks the
 * viewer's id in thirty places is sent thirty parameters, each typed, serialised and bound by the
 * driver on every execution. Values that are not placeholders keep a number of their own.
 *
 * The numbers are written by the build itself (Drizzle's escapeParam), not found again in the
 * text, so a `$1` inside a string literal, quoted identifier, comment or dollar-quoted body is
 * never renumbered. One parameter has one SQL type for every use: it throws when one placeholder
 * is cast to two types (`${p}::integer` and `${p}::text`), or sent through two columns' encoders,
 * where one parameter per use would have typed each use its own way.
 */
export function queryOfSharedPlaceholders(query: SQL): Query {
  const params: unknown[] = [];
  const numberOfPlaceholder = new Map<string, { number: number; encoder: unknown }>();
  const numberOfUse: number[] = [];
  const nameOfUse: (string | undefined)[] = [];
  let built: Query;
  numbering = (value) => {
    const name = placeholderNameOf(value);
    const shared = name === undefined ? undefined : numberOfPlaceholder.get(name);
    if (shared && shared.encoder !== encoderOf(value))
      throw new Error(`Placeholder "${name}" is sent through two columns' encoders: give each use a name of its own`);
    if (!shared) {
      params.push(value);
      if (name !== undefined) numberOfPlaceholder.set(name, { number: params.length, encoder: encoderOf(value) });
    }
    numberOfUse.push(shared?.number ?? params.length);
    nameOfUse.push(name);
    return `${NUL}${numberOfUse.length - 1}${NUL}`;
  };
  try {
    built = dialect.sqlToQuery(query);
  } finally {
    numbering = null;
  }
  const marks = built.sql.split(NUL).length - 1;
  if (marks !== numberOfUse.length * 2) throw new Error('queryOfSharedPlaceholders: the statement text holds a NUL character');
  const castOfPlaceholder = new Map<string, string>();
  const sqlText = built.sql.replace(USE_MARK, (mark, use: string, offset: number, text: string) => {
    const index = Number(use);
    const name = nameOfUse[index];
    const cast = name === undefined ? undefined : CAST_AFTER_USE.exec(text.slice(offset + mark.length, offset + mark.length + 64));
    if (name !== undefined && cast) {
      const type = typeNameOf(cast[1] ?? '');
      const earlier = castOfPlaceholder.get(name);
      if (earlier !== undefined && earlier !== type)
        throw new Error(`Placeholder "${name}" is cast to ${earlier} and to ${type}: one parameter has one type`);
      castOfPlaceholder.set(name, type);
    }
    return `$${numberOfUse[index]}`;
  });
  return { sql: sqlText, params };
}

/**
 * A raw statement (with its values) on any handle, a transaction too: what a prepared raw
 * statement runs, for the scopes where it cannot (prepared statements never run in a transaction).
 */
export async function executeRaw<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return rowsOf((await db.execute(query)) as unknown as RawResult<Row>);
}

/** node-postgres and PGlite answer `{ rows }`, postgres.js (the pipelined client) the rows themselves. */
type RawResult<Row> = Row[] | { rows: Row[] };

function rowsOf<Row>(result: RawResult<Row>): Row[] {
  return Array.isArray(result) ? result : result.rows;
}

/**
 * A whole number written into a statement's text instead of being sent as a parameter, for the
 * LIMIT of a prepared statement. PostgreSQL costs a generic plan's `limit $n` as a tenth of the
 * rows: on a large table that makes the generic plan look dearer than a custom one, and the
 * statement is then planned again on every execution (measured: the feed page on 200,000 posts
 * was custom-planned 80 times out of 80).
 */
export function sqlInteger(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`sqlInteger: not an integer: ${value}`);
  return sql.raw(String(value));
}

/**
 * sqlInteger for a query builder's limit(): Drizzle types it as a number or a placeholder, and
 * writes an SQL chunk given there into the text as it is.
 */
export function literalLimit(value: number): number {
  return sqlInteger(value) as unknown as number;
}

/**
 * A timestamptz as text, written as Date.prototype.toISOString writes it (UTC, milliseconds, 'Z'):
 * raw statements select times this way so the app neither parses nor formats a Date per row. The
 * microseconds are cut off, as node-postgres does when it reads a timestamp into a Date.
 */
export function isoTimestampSql(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
