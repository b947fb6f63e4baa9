import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { prepareRawStatement } from '../../../db/prepared';

/** Running totals the dashboard shows (kept by the stats triggers, migration 0005). */
export const COUNTER_KEYS = [
  'users_total',
  'users_AD',
  'users_TR',
  'users_IN',
  'users_AL',
  'posts',
  'referrals_open',
  'referrals_closed',
] as const;
/** Per-day values the dashboard charts. */
export const DAY_KEYS = ['signups', 'posts'] as const;

/** Constant keys as SQL literals (they hold no quotes). */
const keyList = (keys: readonly string[]) => sql.raw(keys.map((key) => `'${key}'`).join(', '));

/**
 * Every number of the dashboard in one statement: the running totals (stat_counters primary
 * key) and the per-day values from the placeholder `fromDay` (YYYY-MM-DD) on (the (day, key)
 * primary key of daily_stats). `day` is null for a running total.
 */
export const adminStatsStatement = sql`
  select key, null::text as day, value::bigint as value from stat_counters where key in (${keyList(COUNTER_KEYS)})
  union all
  select key, day::text, value::bigint from daily_stats where day >= ${sql.placeholder('fromDay')}::date and key in (${keyList(DAY_KEYS)})`;

type StatRow = { key: string; day: string | null; value: string | number };

const prepareStatements = (db: Database) => ({ stats: prepareRawStatement<StatRow>(db, 'admin_stats_read', adminStatsStatement) });

/** The statements of this module, prepared once per app, behind their methods (`ctx.repositories.adminStats`). */
export function createAdminStatsRepository(db: Database) {
  const statements = prepareStatements(db);
  return {
    /** The running totals by key and the per-day values by `day|key`. */
    async readStats(fromDay: string): Promise<{ counters: Map<string, number>; perDay: Map<string, number> }> {
      const rows = await statements.stats.execute({ fromDay });
      const counters = new Map<string, number>();
      const perDay = new Map<string, number>();
      for (const row of rows) {
        if (row.day === null) counters.set(row.key, Number(row.value));
        else perDay.set(`${row.day}|${row.key}`, Number(row.value));
      }
      return { counters, perDay };
    },
  };
}

export type AdminStatsRepository = ReturnType<typeof createAdminStatsRepository>;
