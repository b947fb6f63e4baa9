import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isoTimestampSql, sqlInteger } from '../../db/prepared';
import { referralRequests, referrals, users } from '../../db/schema/index';
import type { CursorPosition } from '../../lib/pagination';
import type { Viewer } from '../settings/visibility';
import { personFieldForViewerSql, personFieldsForViewerOnce, type UsersTable } from '../users/index';
import { offerReaderOf, type OfferReader } from './referral-offers.sql';

const owners = alias(users, 'owner');
const requesters = alias(users, 'requester');

/** A person's summary columns in a request row, under a prefix (`owner_`, `requester_`); all null once they left. */
type PersonColumns<Prefix extends string> = {
  [Key in 'id' | 'username' | 'email' | 'first_name' | 'last_name' | 'handle' | 'role' | 'image' as `${Prefix}${Key}`]: Key extends 'id'
    ? number | null
    : string | null;
};

/** The offer a request is on, with its owner (all null once they left), as referralRequestsSql answers it. */
export type OfferSqlColumns = PersonColumns<'owner_'> & {
  referral_id: number;
  offer_company: string;
  offer_role: string;
  offer_status: string;
};

/** A request and its requester (all null once they left), as referralRequestsSql answers it. */
export type RequestSqlColumns = PersonColumns<'requester_'> & {
  id: number;
  status: string;
  message: string;
  resume_url: string | null;
  /** ISO 8601, as Date.prototype.toISOString writes it. */
  created_at: string;
  updated_at: string;
  /** The request's requester (null once they left); requester_id of the person columns is the joined person's. */
  requester_user_id: number | null;
  requester_headline: string | null;
  /** The cohort year as the viewer may see it (per-field privacy). */
  requester_cohort_year: number | null;
};

/**
 * A request with its offer, the offer's owner and the requester, as referralRequestsSql answers it:
 * the contract's names, times as text (isoTimestampSql), no drizzle mapping (as the feed's rows).
 */
export type ReferralRequestSqlRow = OfferSqlColumns & RequestSqlColumns;

/** A person's summary columns under a prefix, with `email` as the reader may read it. */
function personColumnsSql(table: UsersTable, prefix: string, email: SQL): SQL {
  const as = (column: string) => sql.raw(`${prefix}${column}`);
  return sql`${table.id} as ${as('id')}, ${table.username} as ${as('username')}, ${email} as ${as('email')},
    ${table.firstName} as ${as('first_name')}, ${table.lastName} as ${as('last_name')}, ${table.handle} as ${as('handle')},
    ${table.role} as ${as('role')}, ${table.image} as ${as('image')}`;
}

/** The columns of OfferSqlColumns, for a statement that joins referrals and its owner (`owner`). */
export function offerColumnsSql(reader: OfferReader): SQL {
  return offerColumnsWithOwnerEmailSql((owner) => personFieldForViewerSql(reader.viewerId, reader.seesEveryone, 'email', owner));
}

/**
 * offerColumnsSql with the owner's e-mail as `ownerEmail` writes it (given the joined owner), for a
 * statement that knows more about its reader than any viewer (an offer's board: its owner or admins).
 */
export function offerColumnsWithOwnerEmailSql(ownerEmail: (owner: UsersTable) => SQL): SQL {
  return sql`${referrals.id} as referral_id, ${referrals.company} as offer_company, ${referrals.role} as offer_role,
    ${referrals.status} as offer_status, ${personColumnsSql(owners, 'owner_', ownerEmail(owners))}`;
}

const PERSON_KEYS = ['id', 'username', 'email', 'first_name', 'last_name', 'handle', 'role', 'image'] as const;
const personColumnNames = <Prefix extends string>(prefix: Prefix) => PERSON_KEYS.map((key) => `${prefix}${key}` as const);

/** Names, in order, of every column of Columns (a column added to the type and not to the list fails to compile). */
type EveryColumn<Columns, Names extends readonly string[]> = [Exclude<keyof Columns, Names[number]>] extends [never] ? Names : never;

const offerColumnNames = ['referral_id', 'offer_company', 'offer_role', 'offer_status', ...personColumnNames('owner_')] as const;
/** The columns of OfferSqlColumns in offerColumnsSql's order. */
export const OFFER_COLUMN_NAMES: EveryColumn<OfferSqlColumns, typeof offerColumnNames> = offerColumnNames;

const requestColumnNames = [
  'id',
  'status',
  'message',
  'resume_url',
  'created_at',
  'updated_at',
  'requester_user_id',
  ...personColumnNames('requester_'),
  'requester_headline',
  'requester_cohort_year',
] as const;
/** The columns of RequestSqlColumns in requestColumnsSql's order. */
export const REQUEST_COLUMN_NAMES: EveryColumn<RequestSqlColumns, typeof requestColumnNames> = requestColumnNames;

/** The requester's e-mail and cohort year as the reader may read them, their settings read once (requesterJoinSql). */
const requesterFields = (reader: OfferReader) =>
  personFieldsForViewerOnce(reader.viewerId, reader.seesEveryone, requesters, 'requester_rules', ['email', 'cohort_year']);

/** The columns of RequestSqlColumns, for a statement that joins referral_requests and its requester (requesterJoinSql). */
export function requestColumnsSql(reader: OfferReader): SQL {
  const fields = requesterFields(reader);
  return sql`${referralRequests.id} as id, ${referralRequests.status} as status, ${referralRequests.message} as message,
    ${referralRequests.resumeUrl} as resume_url, ${isoTimestampSql(referralRequests.createdAt)} as created_at,
    ${isoTimestampSql(referralRequests.updatedAt)} as updated_at, ${referralRequests.requesterId} as requester_user_id,
    ${personColumnsSql(requesters, 'requester_', fields.field('email'))}, ${requesters.headline} as requester_headline,
    ${fields.field('cohort_year')} as requester_cohort_year`;
}

/** The offer's owner, joined as `owner` (offerColumnsSql). */
export const ownerJoinSql = sql`left join ${users} ${owners} on ${owners.id} = ${referrals.alumniId}`;

/** The request's requester, joined as `requester`, and their settings row read once (requestColumnsSql). */
export function requesterJoinSql(reader: OfferReader): SQL {
  return sql`left join ${users} ${requesters} on ${requesters.id} = ${referralRequests.requesterId} ${requesterFields(reader).join}`;
}

/**
 * Requests newest first with their offer, its owner and the requester, in one statement; `where`
 * picks them: one offer's (referral_requests_referral_created_idx), one person's
 * (referral_requests_requester_created_idx) or those on every offer of one alumnus
 * (referrals_alumni_idx, then each offer's referral_requests_referral_created_idx).
 */
export function referralRequestsSql(reader: OfferReader, where: SQL, take: number): SQL {
  return sql`
    select ${requestColumnsSql(reader)}, ${offerColumnsSql(reader)}
    from ${referralRequests}
      inner join ${referrals} on ${referrals.id} = ${referralRequests.referralId}
      ${ownerJoinSql}
      ${requesterJoinSql(reader)}
    where ${where}
    order by ${referralRequests.createdAt} desc, ${referralRequests.id} desc
    limit ${sqlInteger(take)}`;
}

/** Whose requests a page lists: one requester's, or those on every offer of one alumnus (an offer's own: referral-board.sql.ts). */
export type RequestsBy = 'requester' | 'owner';

/** Requests strictly older than a (created_at, id) position, given as values or placeholders. */
export function requestsBeforeSql(at: unknown, id: unknown): SQL {
  return sql`(${referralRequests.createdAt}, ${referralRequests.id}) < (${at}::timestamptz, ${id}::integer)`;
}

/**
 * referralRequestsSql for a prepared statement: whose requests (`by`), the id and the viewer as
 * placeholders (id, viewerId, seesEveryone) and the keyset position too (beforeAt, beforeId:
 * beforeParams); the page size is in the text, so PostgreSQL keeps the generic plan.
 */
export function referralRequestsPageQuery(by: RequestsBy, take: number): SQL {
  const column = by === 'requester' ? referralRequests.requesterId : referrals.alumniId;
  const reader = { viewerId: sql.placeholder('viewerId'), seesEveryone: sql.placeholder('seesEveryone') };
  const where = sql`${column} = ${sql.placeholder('id')}::integer and ${requestsBeforeSql(sql.placeholder('beforeAt'), sql.placeholder('beforeId'))}`;
  return referralRequestsSql(reader, where, take);
}

export type ReferralRequestSearch = {
  viewer: Viewer;
  requestId?: number;
  referralId?: number;
  requesterId?: number;
  /** Requests strictly older than this position (newest-first keyset). */
  before?: CursorPosition;
  take: number;
};

/** referralRequestsSql for a search with values, planned per call (one request, one offer's, one person's). */
export function referralRequestsQuery(search: ReferralRequestSearch): SQL {
  const conditions: SQL[] = [sql`true`];
  if (search.requestId !== undefined) conditions.push(sql`${referralRequests.id} = ${search.requestId}::integer`);
  if (search.referralId !== undefined) conditions.push(sql`${referralRequests.referralId} = ${search.referralId}::integer`);
  if (search.requesterId !== undefined) conditions.push(sql`${referralRequests.requesterId} = ${search.requesterId}::integer`);
  if (search.before) conditions.push(requestsBeforeSql(search.before.at.toISOString(), search.before.id));
  return referralRequestsSql(offerReaderOf(search.viewer), sql.join(conditions, sql` and `), search.take);
}
