import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { eventRegistrations, events, users } from '../../db/schema/index';
import { likeContains } from '../../lib/pagination';
import type { Viewer } from '../settings/visibility';
import { personFieldVisibleSql } from '../users/index';
import { type UserSummaryRow } from '../users/users.presenter';
import { userSummaryColumnsFor } from '../users/index';
import type { RegistrationStatus } from './registration.repository';

/** Position in the attendee list: registered before waitlisted ('registered' < 'waitlisted'), then arrival. */
export type AttendeeCursor = { status: RegistrationStatus; arrival: number };

export type AttendeeRow = {
  user: UserSummaryRow;
  status: RegistrationStatus;
  guests: number;
  arrival: number;
  waitlistPosition: number | null;
  createdAt: Date;
  checkedInAt: Date | null;
};

export type AttendeeSearch = {
  eventId: number;
  viewer: Viewer;
  status?: RegistrationStatus;
  /** Only this person. */
  userId?: number;
  /** Case-insensitive part of the first name, last name or e-mail. */
  text?: string;
  after?: AttendeeCursor;
  take: number;
};

/** Who created the event (its host), or undefined when there is no such event. */
export async function findEventHost(db: Executor, eventId: number): Promise<{ createdBy: number | null; title: string } | undefined> {
  const [row] = await db.select({ createdBy: events.createdBy, title: events.title }).from(events).where(eq(events.id, eventId)).limit(1);
  return row;
}

/** One event's list in (status, arrival) order, served by event_registrations_event_status_arrival_idx. */
export async function findAttendees(db: Executor, search: AttendeeSearch): Promise<AttendeeRow[]> {
  const conditions: (SQL | undefined)[] = [eq(eventRegistrations.eventId, search.eventId)];
  if (search.status) conditions.push(eq(eventRegistrations.status, search.status));
  if (search.userId !== undefined) conditions.push(eq(eventRegistrations.userId, search.userId));
  if (search.text) {
    // lower(...) like: the expressions of the users_*_trgm indexes.
    const pattern = likeContains(search.text.toLowerCase());
    conditions.push(
      or(
        sql`lower(${users.firstName}) like ${pattern}`,
        sql`lower(${users.lastName}) like ${pattern}`,
        // A hidden e-mail is never matched (the host would learn it by typing it).
        and(sql`lower(${users.email}) like ${pattern}`, personFieldVisibleSql(search.viewer, 'email')),
      ),
    );
  }
  if (search.after && search.status) {
    // One status: the cursor is an arrival within it (a plain range the planner estimates well).
    if (search.after.status > search.status) return [];
    if (search.after.status === search.status) conditions.push(gt(eventRegistrations.arrival, search.after.arrival));
  } else if (search.after) {
    conditions.push(sql`(${eventRegistrations.status}, ${eventRegistrations.arrival}) > (${search.after.status}, ${search.after.arrival})`);
  }
  const rows = await db
    .select({
      user: userSummaryColumnsFor(search.viewer),
      status: eventRegistrations.status,
      guests: eventRegistrations.guests,
      arrival: eventRegistrations.arrival,
      waitlistPosition: sql<
        number | null
      >`case when ${eventRegistrations.status} = 'waitlisted' then (select count(*)::int from event_registrations w where w.event_id = ${eventRegistrations.eventId} and w.status = 'waitlisted' and w.arrival <= ${eventRegistrations.arrival}) end`,
      createdAt: eventRegistrations.createdAt,
      checkedInAt: eventRegistrations.checkedInAt,
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(and(...conditions))
    .orderBy(asc(eventRegistrations.status), asc(eventRegistrations.arrival))
    .limit(search.take);
  return rows.map((row) => ({ ...row, status: row.status as RegistrationStatus }));
}

/**
 * Checks a registered person in (keeps the first time when they already are). Null when the
 * person holds no place (not on the list, or only waitlisted).
 */
export async function checkIn(db: Executor, eventId: number, userId: number, at: Date): Promise<{ checkedInAt: Date } | null> {
  const [row] = await db
    .update(eventRegistrations)
    .set({ checkedInAt: sql`coalesce(${eventRegistrations.checkedInAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId), eq(eventRegistrations.status, 'registered')))
    .returning({ checkedInAt: eventRegistrations.checkedInAt });
  return row?.checkedInAt ? { checkedInAt: row.checkedInAt } : null;
}
