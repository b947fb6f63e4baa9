import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { literalLimit } from '../../db/prepared';
import { preparedPerPageSize } from '../../db/prepared-pages';
import { eventRegistrations, events, type EventRow } from '../../db/schema/index';
import { likeContains, type CursorPosition } from '../../lib/pagination';

/** An event with the viewer's registration (all null for visitors and people not on its list). */
export type EventListRow = EventRow & {
  myStatus: string | null;
  myGuests: number | null;
  /** 1 = next in line; null unless waitlisted. */
  myWaitlistPosition: number | null;
  myCheckedInAt: Date | null;
};

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

/** The viewer's registration row is joined on the event_registrations primary key (event_id, user_id). */
function viewerJoin(viewerId: number | null): SQL {
  if (viewerId === null) return sql`false`;
  return sql`${eventRegistrations.eventId} = ${events.id} and ${eventRegistrations.userId} = ${viewerId}`;
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
  return selectEvents(db, viewerJoin(search.viewerId))
    .where(and(...conditions))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(search.take);
}

/**
 * findEvents without a text, for a prepared statement: events starting after `startingAfter`
 * ('-infinity' for all) after a keyset position (afterAt, afterId; '-infinity' and 0 for the first
 * page) with the registration of `viewerId` (0 for a visitor), the page size in the text:
 * events_starts_at_idx in a generic plan.
 */
export function eventsPageQuery(db: Executor, take: number) {
  const viewerId = sql`${sql.placeholder('viewerId')}::integer`;
  return selectEvents(db, sql`${eventRegistrations.eventId} = ${events.id} and ${eventRegistrations.userId} = ${viewerId}`)
    .where(
      and(
        sql`${events.startsAt} > ${sql.placeholder('startingAfter')}::timestamptz`,
        sql`(${events.startsAt}, ${events.id}) > (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::integer)`,
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(literalLimit(take));
}

/** The prepared statements of the events list (`ctx.repositories.events`). */
export function createEventsRepository(db: Database) {
  const pages = preparedPerPageSize('events_page', (take, name) => eventsPageQuery(db, take).prepare(name));
  return {
    /** A page of events by start time, as findEvents without a text or an event id. */
    page(search: Omit<EventSearch, 'text' | 'eventId'>): Promise<EventListRow[]> {
      return pages(search.take).execute({
        viewerId: search.viewerId ?? 0,
        startingAfter: search.startingAfter?.toISOString() ?? '-infinity',
        afterAt: search.after?.at.toISOString() ?? '-infinity',
        afterId: search.after?.id ?? 0,
      });
    },
  };
}

/** The columns of an event with the viewer's registration (joined on `registration`). */
function selectEvents(db: Executor, registration: SQL) {
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
      capacity: events.capacity,
      seatsTaken: events.seatsTaken,
      waitlistCount: events.waitlistCount,
      createdBy: events.createdBy,
      createdAt: events.createdAt,
      myStatus: eventRegistrations.status,
      myGuests: eventRegistrations.guests,
      // Served by event_registrations_event_status_arrival_idx (w is the same table, aliased).
      myWaitlistPosition: sql<
        number | null
      >`case when ${eventRegistrations.status} = 'waitlisted' then (select count(*)::int from event_registrations w where w.event_id = ${events.id} and w.status = 'waitlisted' and w.arrival <= ${eventRegistrations.arrival}) end`,
      myCheckedInAt: eventRegistrations.checkedInAt,
    })
    .from(events)
    .leftJoin(eventRegistrations, registration);
}

export async function eventExists(db: Executor, eventId: number): Promise<boolean> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).limit(1);
  return row !== undefined;
}

export type EventValues = Pick<EventRow, 'title' | 'startsAt' | 'host' | 'category' | 'description' | 'image' | 'capacity'>;

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
