import type { DatabaseConnection } from '../../db/client';
import type { RecordedStatement } from '../../test/index';
import { sqlLiteral } from '../../test/query-plans';

// Plans of a statement the app ran (captured with its parameters): the custom and the generic plan,
// the pages it reads, and whether PostgreSQL keeps a generic plan for it once prepared.

/** Runs statements on one session (PGlite has one; PostgreSQL: one client of the pool). */
async function onOneSession<T>(
  database: DatabaseConnection,
  run: (query: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>,
): Promise<T> {
  const driver = database.driver;
  if (driver.kind === 'pglite') return run(async (text, params) => (await driver.client.query<Record<string, unknown>>(text, params)).rows);
  const client = await driver.pool.connect();
  try {
    return await run(async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows);
  } finally {
    client.release();
  }
}

const planText = (rows: Record<string, unknown>[]) => rows.map((row) => Object.values(row).join(' ')).join('\n');

/** The custom plan (EXPLAIN with the parameters) and the generic plan (prepared, forced generic). */
export async function plansOf(database: DatabaseConnection, statement: RecordedStatement): Promise<string[]> {
  return onOneSession(database, async (query) => {
    const custom = planText(await query(`explain ${statement.text}`, statement.params));
    await query(`prepare hot_plan_check as ${statement.text}`);
    try {
      await query('set plan_cache_mode = force_generic_plan');
      const args = statement.params.length > 0 ? `(${statement.params.map(sqlLiteral).join(', ')})` : '';
      const generic = planText(await query(`explain execute hot_plan_check${args}`));
      return [custom, generic];
    } finally {
      await query('reset plan_cache_mode');
      await query('deallocate hot_plan_check');
    }
  });
}

/** Shared buffers (pages) the statement touched when run with its parameters: its work, whatever the machine. */
export async function pagesRead(database: DatabaseConnection, statement: RecordedStatement): Promise<number> {
  return onOneSession(database, async (query) => {
    const [row] = await query(`explain (analyze, buffers, format json) ${statement.text}`, statement.params);
    const plan = (Object.values(row ?? {})[0] as { Plan: Record<string, number> }[])[0]?.Plan ?? {};
    return (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
  });
}

/**
 * How PostgreSQL plans the statement when it is prepared and run again and again, as the app's
 * prepared statements are: after five custom plans it keeps the generic one unless that one
 * looks dearer, and then plans every execution anew (a millisecond or more per request here).
 */
export async function planCacheOf(
  database: DatabaseConnection,
  statement: RecordedStatement,
): Promise<{ generic: number; custom: number }> {
  return onOneSession(database, async (query) => {
    await query(`prepare plan_cache_check as ${statement.text}`);
    try {
      const args = statement.params.length > 0 ? `(${statement.params.map(sqlLiteral).join(', ')})` : '';
      for (let run = 0; run < 8; run += 1) await query(`execute plan_cache_check${args}`);
      const [row] = await query(`select generic_plans, custom_plans from pg_prepared_statements where name = 'plan_cache_check'`);
      return { generic: Number(row?.generic_plans), custom: Number(row?.custom_plans) };
    } finally {
      await query('deallocate plan_cache_check');
    }
  });
}
