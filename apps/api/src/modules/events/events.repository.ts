import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { eventRegistrations, events, type EventRow } from '../../db/schema/index';
import { likeContains, type CursorPosition } from '../../lib/pagination';

/** An event with whether the viewer is registered (false for visitors). */
export type EventListRow = EventRow & { registered: boolean };

export type EventSearch = {
  /** Case-insensitive substring of the title or the category. */
  text?: string;
  after?: CursorPosition;
  /** The signed-in caller, or null for a visitor. */
  viewerId: number | null;
  /** Only this event. */
  eventId?: number;
  /** Only events starting after this time. */
  startingAfter?: Date;
  /** Rows to fetch (the service asks for one more than the page size). */
  take: number;
};

/** EXISTS on the event_registrations primary key (event_id, user_id). */
function registeredColumn(viewerId: number | null): SQL<boolean> {
  if (viewerId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${eventRegistrations} where ${eventRegistrations.eventId} = ${events.id} and ${eventRegistrations.userId} = ${viewerId})`;
}

/** Events by start time (then id), served by events_starts_at_idx and the trigram indexes. */
export function findEvents(db: Executor, search: EventSearch): Promise<EventListRow[]> {
  const conditions: SQL[] = [];
  if (search.text) {
    const pattern = likeContains(search.text.toLowerCase());
    // lower(...) like matches the expression of the gin_trgm_ops indexes.
    const matches = or(sql`lower(${events.title}) like ${pattern}`, sql`lower(${events.category}) like ${pattern}`);
    if (matches) conditions.push(matches);
  }
  if (search.eventId !== undefined) conditions.push(eq(events.id, search.eventId));
  if (search.startingAfter) conditions.push(gt(events.startsAt, search.startingAfter));
  if (search.after) {
    const { at, id } = search.after;
    conditions.push(sql`(${events.startsAt}, ${events.id}) > (${at.toISOString()}::timestamptz, ${id})`);
  }
  return db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      host: events.host,
      category: events.category,
      image: events.image,
      description: events.description,
      registrationsCount: events.registrationsCount,
      createdBy: events.createdBy,
      createdAt: events.createdAt,
      registered: registeredColumn(search.viewerId),
    })
    .from(events)
    .where(and(...conditions))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(search.take);
}

export async function eventExists(db: Executor, eventId: number): Promise<boolean> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).limit(1);
  return row !== undefined;
}

export type EventValues = Pick<EventRow, 'title' | 'startsAt' | 'host' | 'category' | 'description' | 'image'>;

export async function insertEvent(db: Executor, values: EventValues & { createdBy: number }): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  if (!row) throw new Error('insertEvent: no row returned');
  return row;
}

/** Changes the given columns; null when the event does not exist. */
export async function updateEvent(db: Executor, eventId: number, changes: Partial<EventValues>): Promise<EventRow | null> {
  if (Object.keys(changes).length === 0) {
    const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
    return row ?? null;
  }
  const [row] = await db.update(events).set(changes).where(eq(events.id, eventId)).returning();
  return row ?? null;
}

/** Adds the registration; true when it was new (a second click, even concurrent, inserts nothing). */
export async function insertRegistration(db: Executor, eventId: number, userId: number): Promise<boolean> {
  const rows = await db
    .insert(eventRegistrations)
    .values({ eventId, userId })
    .onConflictDoNothing()
    .returning({ eventId: eventRegistrations.eventId });
  return rows.length > 0;
}

/** Removes the registration; the number of rows removed (0 or 1). */
export async function deleteRegistration(db: Executor, eventId: number, userId: number): Promise<number> {
  const rows = await db
    .delete(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)))
    .returning({ eventId: eventRegistrations.eventId });
  return rows.length;
}

/** Adds delta to registrations_count; the new value, or null when the event is gone. */
export async function bumpRegistrationsCount(db: Executor, eventId: number, delta: number): Promise<number | null> {
  const [row] = await db
    .update(events)
    .set({ registrationsCount: sql`${events.registrationsCount} + ${delta}` })
    .where(eq(events.id, eventId))
    .returning({ value: events.registrationsCount });
  return row?.value ?? null;
}
