import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/**
 * A training cohort (DESIGN 9.1): on `intern_from` its trainees become interns, on `alumni_from`
 * its trainees and interns become alumni. `*_applied_at` record that a step was taken (the job
 * claims a step by setting it, so it runs once across instances); `changed_at` is the cohort's
 * last change (creation or new dates), which a role set by hand later outranks.
 */
export const cohorts = pgTable(
  'cohorts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    year: integer('year').notNull(),
    internFrom: date('intern_from', { mode: 'string' }),
    alumniFrom: date('alumni_from', { mode: 'string' }).notNull(),
    internAppliedAt: timestamptz('intern_applied_at'),
    alumniAppliedAt: timestamptz('alumni_applied_at'),
    /** Kept by the cohort_members triggers, so the admin list reads no member rows. */
    membersCount: integer('members_count').notNull().default(0),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cohorts_name_lower_unique').on(sql`lower(${t.name})`),
    index('cohorts_alumni_from_idx').on(t.alumniFrom.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The job's look-up: steps due and not taken.
    index('cohorts_alumni_pending_idx')
      .on(t.alumniFrom)
      .where(sql`${t.alumniAppliedAt} is null`),
    index('cohorts_intern_pending_idx')
      .on(t.internFrom)
      .where(sql`${t.internAppliedAt} is null and ${t.internFrom} is not null`),
  ],
);

/** A person's one cohort (at most one: the person is the key). */
export const cohortMembers = pgTable(
  'cohort_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
  },
  (t) => [index('cohort_members_cohort_idx').on(t.cohortId, t.userId)],
);

/**
 * When an administrator last set a person's role by hand: a cohort step never undoes a role
 * set after the cohort's (or the person's membership's) last change.
 */
export const handSetRoles = pgTable('hand_set_roles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  setAt: timestamptz('set_at').notNull(),
});

/**
 * An invitation to join with a role (and a cohort). Only the SHA-256 of the link's token is
 * kept. Its status follows from the columns: accepted, revoked, expired (past `expires_at`) or pending.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').notNull(),
    cohortId: integer('cohort_id').references(() => cohorts.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The inviter's name then, so the Join page and the list survive their deletion. */
    invitedByLabel: text('invited_by_label').notNull(),
    sentCount: integer('sent_count').notNull().default(1),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamptz('revoked_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('invitations_role_check', sql`${t.role} in ('TR', 'IN', 'AL')`),
    uniqueIndex('invitations_token_hash_unique').on(t.tokenHash),
    index('invitations_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('invitations_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** Settings of the whole site, one row per key (the sign-up policy is `sign_up_policy`). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export type CohortRow = typeof cohorts.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
