import { is, Placeholder, sql, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
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

const dialect = new PgDialect();

/**
 * A named prepared statement from raw SQL, for statements clearer as SQL than as a query
 * builder (data-modifying CTEs). `execute` answers the rows as PostgreSQL names their columns,
 * with no drizzle mapping: integers and text arrive as such, timestamps as strings.
 */
export function prepareRawStatement<Row>(db: Database, name: string, query: SQL, { sharedPlaceholders = false } = {}) {
  const prepared = db._.session.prepareQuery<PreparedQueryConfig & { execute: RawResult<Row> }>(
    sharedPlaceholders ? queryOfSharedPlaceholders(query) : dialect.sqlToQuery(query),
    undefined,
    name,
    false,
  );
  return {
    execute: async (params?: Record<string, unknown>): Promise<Row[]> => rowsOf(await prepared.execute(params)),
  };
}

/**
 * The statement text and parameters of `query` with each named placeholder sent once, as one
 * `$n` at each of its uses. Drizzle numbers every use apart, so a statement that asks the
 * viewer's id in thirty places is sent thirty parameters, each typed, serialised and bound by the
 * driver on every execution. Values that are not placeholders keep a number of their own.
 */
export function queryOfSharedPlaceholders(query: SQL): Query {
  const built = dialect.sqlToQuery(query);
  const params: unknown[] = [];
  const numberOfPlaceholder = new Map<string, number>();
  const numberOfParam = built.params.map((param) => {
    const shared = is(param, Placeholder) ? numberOfPlaceholder.get(param.name) : undefined;
    if (shared !== undefined) return shared;
    params.push(param);
    if (is(param, Placeholder)) numberOfPlaceholder.set(param.name, params.length);
    return params.length;
  });
  const text = built.sql.replace(/\$(\d+)\b/g, (_match, digits: string) => `$${numberOfParam[Number(digits) - 1]}`);
  return { sql: text, params };
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
