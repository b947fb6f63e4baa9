import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/** Events of the events page (seeded with two). */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    host: text('host').notNull().default(''),
    category: text('category').notNull().default(''),
    /** Storage key of the cover image (not a URL). */
    image: text('image'),
    description: text('description').notNull().default(''),
    /** Kept in step with registrations in the same transaction. */
    registrationsCount: integer('registrations_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('events_starts_at_idx').on(t.startsAt, t.id),
    index('events_title_trgm').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('events_category_trgm').using('gin', sql`lower(${t.category}) gin_trgm_ops`),
  ],
);

export type EventRow = typeof events.$inferSelect;

/**
 * One row per (event, person) registered. `reminder_sent_at` is set in the same transaction that
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
  },
  (t) => [
    primaryKey({ name: 'event_registrations_pkey', columns: [t.eventId, t.userId] }),
    index('event_registrations_user_idx').on(t.userId),
    index('event_registrations_reminder_due_idx').on(t.eventId).where(sql`${t.reminderSentAt} is null`),
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
