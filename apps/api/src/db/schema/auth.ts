import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/** Hashed 6-digit codes e-mailed for verification, password reset and sign-in. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** verify, reset, sign-in (two-factor), email-change, or unlock (a throttled sign-in). */
    purpose: text('purpose').notNull(),
    /** email-change: the new address the code was sent to (and switches to); null otherwise. */
    target: text('target'),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamptz('consumed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('one_time_codes_purpose_check', sql`${t.purpose} in ('verify', 'reset', 'sign-in', 'email-change', 'unlock')`),
    index('one_time_codes_user_purpose_created_idx').on(t.userId, t.purpose, t.createdAt),
  ],
);

/**
 * Wrong tries on a password reset code per client address (an HMAC of its rate-limit key, so no
 * address is stored): an address gets RESET_CODE_TRIES.perAddress of them (modules/auth/one-time-codes.ts),
 * so guesses from elsewhere do not spend the owner's. Dies with its code.
 */
export const codeAddressTries = pgTable(
  'code_address_tries',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => oneTimeCodes.id, { onDelete: 'cascade' }),
    addressKey: text('address_key').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.addressKey] })],
);

/**
 * One row per two-factor sign-in step: POST /api/token/ with the right password answers a random
 * `challenge`, stored here as its SHA-256 and bound to the sign-in code it may try (so to the
 * person). Only its holder can spend the code's tries; it expires, and dies, with the code.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique('two_factor_challenges_token_hash_unique'),
    codeId: integer('code_id')
      .notNull()
      .references(() => oneTimeCodes.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('two_factor_challenges_code_idx').on(t.codeId)],
);

/**
 * One row per sign-in (a refresh-token family). Access tokens name it in their `sid` claim, so
 * ending it ends them at once; `started_at` bounds the family's whole life (LIMITS.refreshTokenDays).
 */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    /** Set by logout, password reset or a reused refresh token; never cleared. */
    endedAt: timestamptz('ended_at'),
  },
  (t) => [index('session_families_user_idx').on(t.userId)],
);

/**
 * One row per sign-up attempt, kept apart until its own code is entered: the account (a users
 * row) is made, or an unverified one filled, from the attempt whose code verifies. So nobody
 * without the mailbox can change what a pending registration becomes (docs/security.md).
 */
export const registrationAttempts = pgTable(
  'registration_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    countryCode: text('country_code').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    role: text('role').notNull().default('TR'),
    /** HMAC of this attempt's 6-digit code (bound to the attempt id), as for one_time_codes. */
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamptz('code_expires_at').notNull(),
    codeSentAt: timestamptz('code_sent_at').notNull(),
    /** Wrong codes entered for this e-mail while this attempt's code was live. */
    attempts: integer('attempts').notNull().default(0),
    /** Set when verified, or when the e-mail was verified through another attempt. */
    consumedAt: timestamptz('consumed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('registration_attempts_role_check', sql`${t.role} in ('AD', 'TR', 'IN', 'AL')`),
    index('registration_attempts_email_created_idx').on(t.email, t.createdAt),
  ],
);

/** One row per issued refresh token (hashed); rotation links a token to its successor. */
export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('refresh_sessions_token_hash_unique'),
    /** Every token rotated from the same sign-in shares a family; reuse revokes the family. */
    family: uuid('family')
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    replacedBy: integer('replaced_by').references((): AnyPgColumn => refreshSessions.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('refresh_sessions_family_idx').on(t.family), index('refresh_sessions_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins per account, keyed by an HMAC of the lower-cased e-mail (so an unknown e-mail
 * is counted, and throttled, exactly like a known one). modules/auth/sign-in-throttle.*.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    accountKey: text('account_key').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamptz('last_failure_at').notNull(),
    /** Until then, a password is only checked from a known address or with an unlock code. */
    blockedUntil: timestamptz('blocked_until'),
    /** When an unlock code was last e-mailed for this account (at most once per window). */
    unlockMailedAt: timestamptz('unlock_mailed_at'),
  },
  (t) => [index('sign_in_throttles_last_failure_idx').on(t.lastFailureAt)],
);

/** Addresses (HMAC of the client IP) a person signed in from: a throttle does not apply there. */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressKey: text('address_key').notNull(),
    lastSignInAt: timestamptz('last_sign_in_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressKey] })],
);

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;
export type TwoFactorChallengeRow = typeof twoFactorChallenges.$inferSelect;
export type RegistrationAttemptRow = typeof registrationAttempts.$inferSelect;
export type RefreshSessionRow = typeof refreshSessions.$inferSelect;
export type SessionFamilyRow = typeof sessionFamilies.$inferSelect;
