import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { SEARCH_DOCUMENT } from '../search-documents';
import { timestamptz } from './columns';

/**
 * The lower-cased skill items of a stored skills text ("React, SQL" → {react,sql}). The directory's
 * skill filter and facet use this exact expression, so users_directory_skills_gin serves them.
 */
export function skillItemsSql(skills: SQLWrapper): SQL {
  return sql`string_to_array(lower(${skills}), ', ')`;
}

/** Every person of the network (admins, alumni, trainees, interns). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-case; unique case-insensitively through users_email_lower_unique. */
    email: text('email').notNull(),
    username: text('username').notNull().unique('users_username_unique'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** AD, TR, IN or AL (see ROLES in the contract). */
    role: text('role').notNull().default('TR'),
    isStaff: boolean('is_staff').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    emailVerifiedAt: timestamptz('email_verified_at'),
    countryCode: text('country_code').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    handle: text('handle'),
    bio: text('bio').notNull().default(''),
    skills: text('skills').notNull().default(''),
    /** Storage key of the avatar (not a URL); presenters turn it into a /media URL. */
    image: text('image'),
    // Career profile (DESIGN 8.1): what the directory, referrals and mentoring read.
    headline: text('headline').notNull().default(''),
    company: text('company').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    location: text('location').notNull().default(''),
    /** The training cohort's year (1990 .. this year + 5), or null. */
    cohortYear: integer('cohort_year'),
    openToReferrals: boolean('open_to_referrals').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /**
     * The searched texts as people search matches substrings: first name, last name and e-mail,
     * lower-cased, in one text kept by PostgreSQL, so the search's sample of the first people by
     * id reads it instead of lower-casing three columns per row (search.repository.ts).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(first_name || ' ' || last_name || ' ' || email)`),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('AD', 'TR', 'IN', 'AL')`),
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_handle_lower_unique')
      .on(sql`lower(${t.handle})`)
      .where(sql`${t.handle} is not null`),
    // People search (social module): trigram indexes on the lower-cased names and e-mail.
    index('users_first_name_trgm').using('gin', sql`lower(${t.firstName}) gin_trgm_ops`),
    index('users_last_name_trgm').using('gin', sql`lower(${t.lastName}) gin_trgm_ops`),
    index('users_email_trgm').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    // People search over the career fields (search.repository.ts): substrings by trigram.
    index('users_job_title_trgm').using('gin', sql`lower(${t.jobTitle}) gin_trgm_ops`),
    index('users_headline_trgm').using('gin', sql`lower(${t.headline}) gin_trgm_ops`),
    index('users_company_trgm').using('gin', sql`lower(${t.company}) gin_trgm_ops`),
    // The people type-ahead looks a text's trigrams up once in each (decision record 052).
    index('users_search_text_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('users_career_text_trgm').using('gin', sql`lower(${t.jobTitle} || ' ' || ${t.headline} || ' ' || ${t.company}) gin_trgm_ops`),
    // People search ranks prefix matches first: these give them in order (byte order, so LIKE 'abc%' is a range).
    index('users_first_name_prefix_idx').on(sql`lower(${t.firstName}) collate "C"`, t.id),
    index('users_last_name_prefix_idx').on(sql`lower(${t.lastName}) collate "C"`, t.id),
    index('users_email_prefix_idx').on(sql`lower(${t.email}) collate "C"`, t.id),
    // The trailing columns are the other whole-value filters a directory walk checks in the index (decision record 058).
    index('users_role_created_idx').on(t.role, t.createdAt, t.id, t.openToReferrals),
    index('users_created_idx').on(t.createdAt, t.id),
    // Directory (DESIGN 8.1): each whole-value filter walks its index in page order (newest first);
    // after the page order, the whole-value filters a walk of it checks as index conditions (decision record 058).
    index('users_directory_company_idx').on(
      sql`lower(${t.company})`,
      t.createdAt,
      t.id,
      sql`lower(${t.location})`,
      t.cohortYear,
      t.role,
      t.openToReferrals,
    ),
    index('users_directory_location_idx').on(sql`lower(${t.location})`, t.createdAt, t.id, t.cohortYear, t.role, t.openToReferrals),
    index('users_directory_cohort_idx').on(t.cohortYear, t.createdAt, t.id, t.role, t.openToReferrals),
    index('users_directory_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.openToReferrals}`),
    // Whole-skill match: the lower-cased items of the stored "A, B, C" (normalizeSkills writes that form).
    index('users_directory_skills_gin').using('gin', skillItemsSql(t.skills)),
    // Alumni open to referrals by company (a job's "alumni at this company"), matched case-insensitively.
    index('users_referral_company_idx')
      .on(sql`lower(${t.company})`, t.id)
      .where(sql`${t.openToReferrals} and ${t.role} = 'AL'`),
    // Search everything: people by the words of their name, never by a field they may hide (its stored document, migration 0039).
    index('users_search_idx').using('gin', SEARCH_DOCUMENT),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * Usernames a person had before (the ones derived from their e-mail, replaced by name-based ones
 * in migration 0026): links by an old username still reach them, and no newcomer takes it.
 */
export const usernameAliases = pgTable(
  'username_aliases',
  {
    oldUsername: text('old_username').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('username_aliases_user_idx').on(t.userId)],
);

/**
 * Each person's lower-cased skill items (skillItemsSql of users.skills) with their created_at, kept
 * by the trigger of migration 0041 in the writer's transaction: a skill's people in directory page
 * order (user_skills_pkey walked newest first, decision record 042).
 */
export const userSkills = pgTable(
  'user_skills',
  {
    skill: text('skill').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The person's other whole-value filters (company and location lower-cased), kept with the row
    // (migration 0048): a skill's walk checks them in user_skills_directory_idx (decision record 058).
    company: text('company'),
    location: text('location'),
    cohortYear: integer('cohort_year'),
    role: text('role'),
    openToReferrals: boolean('open_to_referrals'),
  },
  (t) => [
    primaryKey({ name: 'user_skills_pkey', columns: [t.skill, t.createdAt, t.userId] }),
    index('user_skills_user_idx').on(t.userId),
    index('user_skills_directory_idx').on(t.skill, t.createdAt, t.userId, t.company, t.location, t.cohortYear, t.role, t.openToReferrals),
  ],
);
