import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
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
