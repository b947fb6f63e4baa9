import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { SEARCH_DOCUMENT } from '../search-documents';
import { timestamptz } from './columns';
import { users } from './users';

/** Job posts of the job board, written by administrators and alumni. */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postedBy: integer('posted_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    company: text('company').notNull(),
    location: text('location').notNull(),
    salary: text('salary').notNull().default(''),
    /** Full-Time, Part-Time or Contract (JOB_TYPES in the contract). */
    type: text('type').notNull(),
    description: text('description').notNull().default(''),
    /** Where to apply: an https URL or a mailto: address. */
    applyUrl: text('apply_url').notNull(),
    /** open or closed; closed jobs leave the public list. */
    status: text('status').notNull().default('open'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    check('jobs_type_check', sql`${t.type} in ('Full-Time', 'Part-Time', 'Contract')`),
    check('jobs_status_check', sql`${t.status} in ('open', 'closed')`),
    index('jobs_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('jobs_type_created_idx').on(t.status, t.type, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('jobs_posted_by_idx').on(t.postedBy, t.createdAt.desc().nullsFirst()),
    index('jobs_title_trgm').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('jobs_company_trgm').using('gin', sql`lower(${t.company}) gin_trgm_ops`),
    index('jobs_location_trgm').using('gin', sql`lower(${t.location}) gin_trgm_ops`),
    // Search everything: open jobs by their words (its stored document, migration 0039).
    index('jobs_search_idx')
      .using('gin', SEARCH_DOCUMENT)
      .where(sql`${t.status} = 'open'`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
