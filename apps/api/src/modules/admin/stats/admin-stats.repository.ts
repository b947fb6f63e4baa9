import { and, gte, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { dailyStats, statCounters } from '../../../db/schema/index';

/** Running totals kept by the stats triggers (migration 0005). */
export function readStatCounters(db: Executor, keys: string[]) {
  return db.select().from(statCounters).where(inArray(statCounters.key, keys));
}

/** Per-day values from `fromDay` (YYYY-MM-DD) on, served by the (day, key) primary key. */
export function readDailyStats(db: Executor, fromDay: string, keys: string[]) {
  return db
    .select()
    .from(dailyStats)
    .where(and(gte(dailyStats.day, fromDay), inArray(dailyStats.key, keys)));
}
