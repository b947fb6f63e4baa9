import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/** Referral offers of alumni: "I can refer you to this role at my company". */
export const referrals = pgTable(
  'referrals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null once the alumnus left: the offer stays (closed) for the requests made on it. */
    alumniId: integer('alumni_id').references(() => users.id, { onDelete: 'set null' }),
    company: text('company').notNull(),
    role: text('role').notNull(),
    /** Cost to company in LPA, at least 0, one decimal. */
    ctc: numeric('ctc', { precision: 7, scale: 1 }).notNull(),
    location: text('location').notNull(),
    requirements: text('requirements').notNull(),
    /** open (pending on the dashboard) or closed (done). */
    status: text('status').notNull().default('open'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    check('referrals_status_check', sql`${t.status} in ('open', 'closed')`),
    check('referrals_ctc_check', sql`${t.ctc} >= 0`),
    index('referrals_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('referrals_alumni_idx').on(t.alumniId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export type ReferralRow = typeof referrals.$inferSelect;
