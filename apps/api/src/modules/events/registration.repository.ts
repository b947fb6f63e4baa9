import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { eventRegistrations, events } from '../../db/schema/index';

export type RegistrationStatus = 'registered' | 'waitlisted';

/** The counters of an event, read under its row lock. */
export type EventPlaces = {
  id: number;
  title: string;
  capacity: number | null;
  registrationsCount: number;
  seatsTaken: number;
  waitlistCount: number;
};

const placesColumns = {
  id: events.id,
  title: events.title,
  capacity: events.capacity,
  registrationsCount: events.registrationsCount,
  seatsTaken: events.seatsTaken,
  waitlistCount: events.waitlistCount,
};

/**
 * Reads the event's counters and locks its row (FOR UPDATE) until the transaction ends: every
 * registration change of one event goes through this lock, so they are decided one at a time, in
 * the order they reached it. Null when the event does not exist.
 */
export async function lockEventPlaces(tx: Executor, eventId: number): Promise<EventPlaces | null> {
  const [row] = await tx.select(placesColumns).from(events).where(eq(events.id, eventId)).for('update');
  return row ?? null;
}

/** Writes the counters back (the caller holds the row lock). */
export async function saveEventCounters(tx: Executor, places: EventPlaces): Promise<void> {
  await tx
    .update(events)
    .set({ registrationsCount: places.registrationsCount, seatsTaken: places.seatsTaken, waitlistCount: places.waitlistCount })
    .where(eq(events.id, places.id));
}

export type RegistrationRow = { status: RegistrationStatus; guests: number; arrival: number; checkedInAt: Date | null };

export async function findRegistration(db: Executor, eventId: number, userId: number): Promise<RegistrationRow | null> {
  const [row] = await db
    .select({
      status: eventRegistrations.status,
      guests: eventRegistrations.guests,
      arrival: eventRegistrations.arrival,
      checkedInAt: eventRegistrations.checkedInAt,
    })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)))
    .limit(1);
  return row ? { ...row, status: row.status as RegistrationStatus } : null;
}

/** Adds the person to the list; their arrival number. */
export async function insertRegistration(
  tx: Executor,
  values: { eventId: number; userId: number; status: RegistrationStatus; guests: number },
): Promise<number> {
  const [row] = await tx.insert(eventRegistrations).values(values).returning({ arrival: eventRegistrations.arrival });
  if (!row) throw new Error('insertRegistration: no row returned');
  return row.arrival;
}

/** Removes the registration; what it was, or null when there was none. */
export async function deleteRegistration(
  tx: Executor,
  eventId: number,
  userId: number,
): Promise<{ status: RegistrationStatus; guests: number } | null> {
  const [row] = await tx
    .delete(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)))
    .returning({ status: eventRegistrations.status, guests: eventRegistrations.guests });
  return row ? { status: row.status as RegistrationStatus, guests: row.guests } : null;
}

/** The first `take` waitlisted people in arrival order (event_registrations_event_status_arrival_idx). */
export function waitlistHead(tx: Executor, eventId: number, take: number): Promise<{ userId: number; guests: number }[]> {
  return tx
    .select({ userId: eventRegistrations.userId, guests: eventRegistrations.guests })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'waitlisted')))
    .orderBy(asc(eventRegistrations.arrival))
    .limit(take);
}

export async function markRegistered(tx: Executor, eventId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .update(eventRegistrations)
    .set({ status: 'registered' })
    .where(and(eq(eventRegistrations.eventId, eventId), inArray(eventRegistrations.userId, userIds)));
}

/** 1 for the first waitlisted person: how many waitlisted arrived up to `arrival` (same index). */
export async function waitlistPosition(db: Executor, eventId: number, arrival: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(eventRegistrations)
    .where(
      and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'waitlisted'), lte(eventRegistrations.arrival, arrival)),
    );
  return row?.count ?? 0;
}

/** The events a person is registered or waitlisted for, in id order (the order a leave locks them in; event_registrations_user_idx). */
export async function eventIdsOfRegistrationsOf(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ eventId: eventRegistrations.eventId })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.userId, userId))
    .orderBy(asc(eventRegistrations.eventId));
  return rows.map((row) => row.eventId);
}
