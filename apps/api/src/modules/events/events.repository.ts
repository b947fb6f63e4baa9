import { and, asc, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { events, type EventRow } from '../../db/schema/index';
import { likeContains, type CursorPosition } from '../../lib/pagination';

export type EventSearch = {
  /** Case-insensitive substring of the title or the category. */
  text?: string;
  after?: CursorPosition;
  /** Rows to fetch (the service asks for one more than the page size). */
  take: number;
};

/** Events by start time (then id), served by events_starts_at_idx and the trigram indexes. */
export function findEvents(db: Executor, search: EventSearch): Promise<EventRow[]> {
  const conditions: SQL[] = [];
  if (search.text) {
    const pattern = likeContains(search.text.toLowerCase());
    // lower(...) like matches the expression of the gin_trgm_ops indexes.
    const matches = or(sql`lower(${events.title}) like ${pattern}`, sql`lower(${events.category}) like ${pattern}`);
    if (matches) conditions.push(matches);
  }
  if (search.after) {
    const { at, id } = search.after;
    conditions.push(sql`(${events.startsAt}, ${events.id}) > (${at.toISOString()}::timestamptz, ${id})`);
  }
  return db
    .select()
    .from(events)
    .where(and(...conditions))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(search.take);
}
