import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { referrals } from './referrals';
import { timestamptz } from './columns';
import { users } from './users';

const STATUSES = sql.raw(`'requested', 'referred', 'interviewing', 'hired', 'not_selected', 'declined', 'withdrawn', 'expired', 'closed'`);

/** Requests of members on alumni's referral offers, moved along by the offer's owner (DESIGN 8.2). */
export const referralRequests = pgTable(
  'referral_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    /** Null once the requester left: the request stays, anonymised, for the offer's owner and the outcomes. */
    requesterId: integer('requester_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    /** https link to a CV, or null. */
    resumeUrl: text('resume_url'),
    /** One of REFERRAL_REQUEST_STATUSES (contract). */
    status: text('status').notNull().default('requested'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** When the owner referred them (outcomes: days to a referral). */
    referredAt: timestamptz('referred_at'),
  },
  (t) => [
    check('referral_requests_status_check', sql`${t.status} in (${STATUSES})`),
    // One active request per person and offer; two simultaneous asks: the second gets a unique violation (409).
    uniqueIndex('referral_requests_one_active_idx')
      .on(t.referralId, t.requesterId)
      .where(sql`${t.status} in ('requested', 'referred', 'interviewing')`),
    index('referral_requests_referral_created_idx').on(t.referralId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('referral_requests_requester_created_idx').on(t.requesterId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The expiry run: only requests still waiting, oldest first.
    index('referral_requests_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'requested'`),
    // Outcomes for a period.
    index('referral_requests_created_idx').on(t.createdAt, t.id),
  ],
);

/** Every change of a request, the first being its own `requested` (the history the requester sees). */
export const referralRequestEvents = pgTable(
  'referral_request_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => referralRequests.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note'),
    /** Who made the change; null for the system (expiry, offer closed) or once that person is gone. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('referral_request_events_status_check', sql`${t.status} in (${STATUSES})`),
    index('referral_request_events_request_idx').on(t.requestId, t.createdAt, t.id),
  ],
);

export type ReferralRequestRow = typeof referralRequests.$inferSelect;
export type ReferralRequestEventRow = typeof referralRequestEvents.$inferSelect;
