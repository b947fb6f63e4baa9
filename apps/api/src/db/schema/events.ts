import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { SEARCH_DOCUMENT } from '../search-documents';
import { timestamptz } from './columns';
import { communities } from './communities';
import { users } from './users';

/** Events of the events page (seeded with two). */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    /** When it ends; null for events made before end times were asked (calendars assume two hours). */
    endsAt: timestamptz('ends_at'),
    /** The IANA time zone it is held in (Europe/Oslo); times are shown in it. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Where: an address, a room, or a link for an online event. */
    venue: text('venue').notNull().default(''),
    host: text('host').notNull().default(''),
    category: text('category').notNull().default(''),
    /** Storage key of the cover image (not a URL). */
    image: text('image'),
    description: text('description').notNull().default(''),
    /** Places (people plus their guests); null = unlimited. */
    capacity: integer('capacity'),
    /** Registered people (not waitlisted), kept in step with registrations in the same transaction. */
    registrationsCount: integer('registrations_count').notNull().default(0),
    /** Places taken by registered people and their guests, kept in step in the same transaction. */
    seatsTaken: integer('seats_taken').notNull().default(0),
    /** People on the waitlist, kept in step in the same transaction. */
    waitlistCount: integer('waitlist_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The space the event belongs to (null: the whole hub); a members-only space shows it to its members alone. */
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('events_starts_at_idx').on(t.startsAt, t.id),
    // A space's upcoming events (migration 0038).
    index('events_community_starts_idx')
      .on(t.communityId, t.startsAt, t.id)
      .where(sql`${t.communityId} is not null`),
    index('events_title_trgm').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('events_category_trgm').using('gin', sql`lower(${t.category}) gin_trgm_ops`),
    // Search everything: events by their words (its stored document, migration 0039).
    index('events_search_idx').using('gin', SEARCH_DOCUMENT),
    check('events_ends_after_start_check', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check('events_capacity_check', sql`${t.capacity} is null or ${t.capacity} >= 1`),
  ],
);

export type EventRow = typeof events.$inferSelect;

/**
 * One row per (event, person) registered or waitlisted. `arrival` orders the waitlist: it is drawn
 * while the event row is locked, so it is the order in which the server decided. `reminder_sent_at` is set in the same transaction that
 * queues the reminder e-mail, by whichever server instance claimed the row (FOR UPDATE SKIP LOCKED).
 */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    reminderSentAt: timestamptz('reminder_sent_at'),
    /** 'registered' or 'waitlisted'. */
    status: text('status').notNull().default('registered'),
    /** Guests the person brings (0..5); they take places too. */
    guests: integer('guests').notNull().default(0),
    arrival: bigint('arrival', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    checkedInAt: timestamptz('checked_in_at'),
  },
  (t) => [
    primaryKey({ name: 'event_registrations_pkey', columns: [t.eventId, t.userId] }),
    index('event_registrations_user_idx').on(t.userId),
    index('event_registrations_reminder_due_idx')
      .on(t.eventId)
      .where(sql`${t.reminderSentAt} is null`),
    // The attendee list (registered, by arrival) and the waitlist's head, in arrival order.
    index('event_registrations_event_status_arrival_idx').on(t.eventId, t.status, t.arrival),
    check('event_registrations_status_check', sql`${t.status} in ('registered', 'waitlisted')`),
    check('event_registrations_guests_check', sql`${t.guests} between 0 and 5`),
  ],
);

/** Messages of an event's live discussion, read oldest first. */
export const eventMessages = pgTable(
  'event_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('event_messages_event_created_idx').on(t.eventId, t.createdAt, t.id)],
);

export type EventRegistrationRow = typeof eventRegistrations.$inferSelect;
export type EventMessageRow = typeof eventMessages.$inferSelect;
