import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  eventMessages,
  eventRegistrations,
  events,
  type EventMessageRow,
  type EventRegistrationRow,
  type EventRow,
} from '../../db/schema/index';
import { inserted, nextUnique } from './support';

export type CreateEventOptions = Partial<typeof events.$inferInsert>;

/** Inserts an event with a unique title, a month from now (no capacity, nobody registered). */
export async function createEvent(db: Executor, options: CreateEventOptions = {}): Promise<EventRow> {
  const unique = nextUnique();
  const rows = await db
    .insert(events)
    .values({ title: `Event ${unique}`, startsAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000), ...options })
    .returning();
  return inserted(rows, 'createEvent');
}

/** Any column of a registration but the drawn arrival; the event and the person are required. */
export type CreateEventRegistrationOptions = Partial<Omit<typeof eventRegistrations.$inferInsert, 'arrival'>> &
  Pick<typeof eventRegistrations.$inferInsert, 'eventId' | 'userId'>;

/**
 * Inserts a registration (default: registered, no guests) and keeps the event's counters in step,
 * as the app does; no capacity check, so a test can fill an event past it on purpose.
 */
export async function createEventRegistration(db: Executor, options: CreateEventRegistrationOptions): Promise<EventRegistrationRow> {
  const rows = await db.insert(eventRegistrations).values(options).returning();
  const row = inserted(rows, 'createEventRegistration');
  const counters =
    row.status === 'waitlisted'
      ? { waitlistCount: sql`${events.waitlistCount} + 1` }
      : { registrationsCount: sql`${events.registrationsCount} + 1`, seatsTaken: sql`${events.seatsTaken} + ${1 + row.guests}` };
  await db.update(events).set(counters).where(eq(events.id, row.eventId));
  return row;
}

export type CreateEventMessageOptions = Partial<typeof eventMessages.$inferInsert> &
  Pick<typeof eventMessages.$inferInsert, 'eventId' | 'userId'>;

/** Inserts a message of an event's live discussion with a unique text. */
export async function createEventMessage(db: Executor, options: CreateEventMessageOptions): Promise<EventMessageRow> {
  const rows = await db
    .insert(eventMessages)
    .values({ text: `Message ${nextUnique()}`, ...options })
    .returning();
  return inserted(rows, 'createEventMessage');
}
