import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { BuildAliasTable } from 'drizzle-orm/pg-core';
import { type Role, type User, type UserSummary } from '@alumlink/contract';
import { users, type UserRow } from '../../db/schema/index';
import { mediaUrl } from '../../lib/media';
import type { Viewer } from '../settings/visibility';
import { hidePersonFields, listedPersonFieldSql, personFieldSql, withoutEmail, type VisibleFields } from './person.presenter';

type ToMediaUrl = (key: string | null | undefined) => string | null;

/** The spec's `phone`: country code and number together ('' when neither is set). */
function fullPhone(row: Pick<UserRow, 'countryCode' | 'phoneNumber'>): string {
  return [row.countryCode, row.phoneNumber].filter((part) => part !== '').join(' ');
}

/** Which private fields the reader may see; presentUser shows every field without it. */
export type { VisibleFields };

/**
 * A user row → the contract's `userSchema` shape (never the row itself: no password hash). With
 * `visible`, each private field the reader may not see is sent empty ('' or null; the e-mail as
 * HIDDEN_EMAIL): per-field privacy, DESIGN 8.4.
 */
export function presentUser(row: UserRow, toMediaUrl: ToMediaUrl = mediaUrl, visible?: VisibleFields): User {
  if (visible) return hidePersonFields(presentUser(row, toMediaUrl), visible);
  const image = toMediaUrl(row.image);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role as Role,
    is_staff: row.isStaff,
    handle: row.handle,
    bio: row.bio,
    skills: row.skills,
    image,
    country_code: row.countryCode,
    phone_number: row.phoneNumber,
    phone: fullPhone(row),
    profile: { profile_image: image },
    headline: row.headline,
    company: row.company,
    job_title: row.jobTitle,
    location: row.location,
    cohort_year: row.cohortYear,
    open_to_referrals: row.openToReferrals,
    created_at: row.createdAt.toISOString(),
  };
}

/** Columns `presentUserSummary` needs (select just these in list queries). */
export type UserSummaryRow = Pick<UserRow, 'id' | 'username' | 'email' | 'firstName' | 'lastName' | 'handle' | 'role' | 'image'>;

/**
 * The columns of UserSummaryRow, for a drizzle select that joins users (what presentUserSummary
 * reads), e-mail included whatever the person's privacy: only for payloads that go to admins or
 * to the person; otherwise userSummaryColumnsFor or userSummaryColumnsOfListed.
 */
export const userSummaryColumns = summaryColumnsOf(users);

/** The users table, or an alias of it in a statement that joins people in several roles (`alias(users, 'owner')`). */
export type UsersTable = typeof users | BuildAliasTable<typeof users, string>;

function summaryColumnsOf(table: UsersTable) {
  return {
    id: table.id,
    username: table.username,
    email: table.email,
    firstName: table.firstName,
    lastName: table.lastName,
    handle: table.handle,
    role: table.role,
    image: table.image,
  };
}

/**
 * userSummaryColumns with the e-mail as `viewer` may read it: the address for themself, admins
 * and people whose profile visibility lets the viewer see them (visibleToSql), the contract's
 * HIDDEN_EMAIL for anyone else. Use it wherever the query does not already leave out the
 * people hidden from the viewer (comments, jobs, referrals, discussions, notifications). `table`:
 * the users table or an alias of it.
 */
export function userSummaryColumnsFor(viewer: Viewer, table: UsersTable = users) {
  return { ...summaryColumnsOf(table), email: personFieldSql(viewer, 'email', table) };
}

/**
 * userSummaryColumns for a query that already leaves out the people hidden from the viewer
 * (feed, activity): only the e-mail's own audience (per-field privacy) is applied.
 */
export function userSummaryColumnsOfListed(viewerId: number | Placeholder, seesEveryone: boolean | Placeholder) {
  return { ...userSummaryColumns, email: emailAsSeenBySql(viewerId, seesEveryone) };
}

/** users.email when the viewer sees everyone or the e-mail's audience includes them, else HIDDEN_EMAIL. */
export function emailAsSeenBySql(viewerId: number | Placeholder, seesEveryone: boolean | Placeholder): SQL<string> {
  return listedPersonFieldSql(viewerId, seesEveryone, 'email');
}

export { withoutEmail };

/**
 * A person's summary columns as a raw SQL statement answers them (`users u` in that statement,
 * selected with userSummarySqlColumns): statements written in SQL get no drizzle mapping.
 */
export type UserSummarySqlRow = {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  handle: string | null;
  role: string;
  image: string | null;
};

/** The select list of UserSummarySqlRow, for a statement that joins `users u`. */
export const userSummarySqlColumns = sql`u.username, u.email, u.first_name, u.last_name, u.handle, u.role, u.image`;

/** UserSummarySqlRow (and the person's id) → UserSummaryRow. */
export function userSummaryFromSql(id: number, row: UserSummarySqlRow): UserSummaryRow {
  return {
    id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    handle: row.handle,
    role: row.role,
    image: row.image,
  };
}

/** A user row → the short `userSummarySchema` shape used inside posts, comments and search results. */
export function presentUserSummary(row: UserSummaryRow, toMediaUrl: ToMediaUrl = mediaUrl): UserSummary {
  const image = toMediaUrl(row.image);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    handle: row.handle,
    role: row.role as Role,
    image,
    profile: { profile_image: image },
  };
}
