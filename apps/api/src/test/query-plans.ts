import { fillPlaceholders, SQL } from 'drizzle-orm';
import type { DatabaseConnection } from '../db/client';
import { queryOfSharedPlaceholders } from '../db/prepared';

/** Anything drizzle can turn into SQL text and parameters (a query builder, unexecuted). */
export type ExplainableQuery = { toSQL(): { sql: string; params: unknown[] } } | SQL;

type ExplainOptions = {
  /** Values of the query's `sql.placeholder(...)`s, by name. */
  placeholders?: Record<string, unknown>;
  /**
   * Explain the generic plan PostgreSQL settles on for a prepared statement after five
   * executions (plan_cache_mode = force_generic_plan), instead of a plan for these values.
   */
  generic?: boolean;
  /** EXPLAIN ANALYZE: runs the query, so nodes that never ran say "(never executed)". */
  analyze?: boolean;
};

/** Runs statements in order on one connection (a pool client for PostgreSQL); the rows of each. */
async function onOneConnection(
  connection: DatabaseConnection,
  statements: { text: string; params?: unknown[] }[],
): Promise<Record<string, unknown>[][]> {
  const driver = connection.driver;
  const results: Record<string, unknown>[][] = [];
  if (driver.kind === 'pglite') {
    for (const statement of statements)
      results.push((await driver.client.query<Record<string, unknown>>(statement.text, statement.params ?? [])).rows);
    return results;
  }
  const client = await driver.pool.connect();
  try {
    for (const statement of statements)
      results.push((await client.query<Record<string, unknown>>(statement.text, statement.params ?? [])).rows);
    return results;
  } finally {
    client.release();
  }
}

/**
 * A parameter value as an SQL literal (EXECUTE takes literals): numbers, booleans, times, arrays of
 * numbers (`= any($n::integer[])`) as array literals, objects as JSON, anything else as quoted text.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `'{${value.map(String).join(',')}}'`;
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

let statementNumber = 0;

/**
 * EXPLAIN of a query as the app runs it, as one text (a plan line per line): raw SQL as
 * prepareRawStatement prepares it (each named placeholder one parameter).
 */
export async function explain(connection: DatabaseConnection, query: ExplainableQuery, options: ExplainOptions = {}): Promise<string> {
  const built = query instanceof SQL ? queryOfSharedPlaceholders(query) : query.toSQL();
  const params = fillPlaceholders(built.params, options.placeholders ?? {});
  let rows: Record<string, unknown>[] | undefined;
  if (options.generic) {
    statementNumber += 1;
    const name = `explained_${statementNumber}`;
    const results = await onOneConnection(connection, [
      { text: 'set plan_cache_mode = force_generic_plan' },
      { text: `prepare ${name} as ${built.sql}` },
      {
        text: `explain${options.analyze ? ' (analyze)' : ''} execute ${name}${params.length > 0 ? `(${params.map(sqlLiteral).join(', ')})` : ''}`,
      },
      { text: `deallocate ${name}` },
      { text: 'reset plan_cache_mode' },
    ]);
    rows = results[2];
  } else {
    rows = (await onOneConnection(connection, [{ text: `explain${options.analyze ? ' (analyze)' : ''} ${built.sql}`, params }]))[0];
  }
  return (rows ?? []).map((row) => Object.values(row).join(' ')).join('\n');
}
