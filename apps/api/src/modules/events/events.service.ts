import type { Event, Paginated } from '@alumlink/contract';
import type { Database } from '../../db/client';
import { decodeCursor, toPage } from '../../lib/pagination';
import { presentEvent } from './events.presenter';
import { findEvents } from './events.repository';

export type ListEventsInput = { q?: string; cursor?: string; limit: number };

/** Events by date, optionally filtered by title/category; public. */
export async function listEvents(db: Database, input: ListEventsInput): Promise<Paginated<Event>> {
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  const text = input.q?.trim() || undefined;
  const rows = await findEvents(db, { text, after, take: input.limit + 1 });
  const page = toPage(rows, input.limit, (row) => ({ at: row.startsAt, id: row.id }));
  // Registration arrives with the event registrations table; until then nobody is registered.
  return { results: page.items.map((row) => presentEvent(row, false)), next: page.next };
}
