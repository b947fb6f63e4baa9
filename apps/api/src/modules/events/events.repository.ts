import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { literalLimit } from '../../db/prepared';
import { preparedPerPageSize } from '../../db/prepared-pages';
import { communities, eventRegistrations, events, type EventRow } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';
import { spaceReadableSql } from '../posts/posts.policy';
import { likeContains, type CursorPosition } from '../../lib/pagination';
import { eventReadableSql } from './events.policy';

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
  /** Who reads (eventReadableSql): events of a members-only space reach its members alone. */
  reader: Pick<AuthUser, 'id' | 'role'> | null;
  /** Only the events of the space with this slug. */
  communitySlug?: string;
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
  const conditions: (SQL | undefined)[] = [eventReadableSql(search.reader)];
  if (search.communitySlug !== undefined) {
    conditions.push(
      sql`${events.communityId} = (select ${communities.id} from ${communities} where ${communities.slug} = ${search.communitySlug})`,
    );
  }
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
 * findEvents without a text or a space, for a prepared statement: events the reader may see
 * (eventReadableSql with placeholders: `seesEveryone` for administrators, else the space rule for
 * `viewerId`) starting after `startingAfter` ('-infinity' for all) after a keyset position
 * (afterAt, afterId; '-infinity' and 0 for the first page) with the registration of `viewerId`
 * (0 for a visitor), the page size in the text: events_starts_at_idx in a generic plan.
 */
export function eventsPageQuery(db: Executor, take: number) {
  const viewerId = sql`${sql.placeholder('viewerId')}::integer`;
  return selectEvents(db, sql`${eventRegistrations.eventId} = ${events.id} and ${eventRegistrations.userId} = ${viewerId}`)
    .where(
      and(
        sql`(${sql.placeholder('seesEveryone')}::boolean or ${spaceReadableSql(viewerId, events.communityId)})`,
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
    /** A page of events the reader may see by start time, as findEvents without a text, a space or an event id. */
    page(search: Omit<EventSearch, 'text' | 'eventId' | 'communitySlug'>): Promise<EventListRow[]> {
      return pages(search.take).execute({
        seesEveryone: search.reader?.role === 'AD',
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
      endsAt: events.endsAt,
      timeZone: events.timeZone,
      venue: events.venue,
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
      communityId: events.communityId,
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

/** The event exists and, given a reader, they may see it (eventReadableSql). */
export async function eventExists(db: Executor, eventId: number, reader?: Pick<AuthUser, 'id' | 'role'>): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), reader ? eventReadableSql(reader) : undefined))
    .limit(1);
  return row !== undefined;
}

/** The event's start and end (what a change of either is checked against), or undefined when there is no such event. */
export async function findEventTimes(db: Executor, eventId: number): Promise<{ startsAt: Date; endsAt: Date | null } | undefined> {
  const [row] = await db.select({ startsAt: events.startsAt, endsAt: events.endsAt }).from(events).where(eq(events.id, eventId)).limit(1);
  return row;
}

export type EventValues = Pick<
  EventRow,
  'title' | 'startsAt' | 'endsAt' | 'timeZone' | 'venue' | 'host' | 'category' | 'description' | 'image' | 'capacity'
> & { communityId?: number | null };

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

/** Whether a community (space) with this id exists, for an event's community_id. */
export async function communityExists(db: Executor, communityId: number): Promise<boolean> {
  const [row] = await db.select({ id: communities.id }).from(communities).where(eq(communities.id, communityId)).limit(1);
  return row !== undefined;
}
