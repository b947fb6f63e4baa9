import type { ReferralStatus } from '@alumlink/contract';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { isoTimestampSql, sqlInteger } from '../../db/prepared';
import { referralRequests, referrals, users } from '../../db/schema/index';
import type { CursorPosition } from '../../lib/pagination';
import type { Viewer } from '../settings/visibility';
import { personFieldForViewerSql } from '../users/index';

/**
 * A referral offer with its alumnus and the viewer's latest request on it, as referralsSql
 * answers it: the contract's names, times as text (isoTimestampSql), no drizzle mapping (as the
 * feed's rows). The alumnus's columns are null once they left.
 */
export type ReferralSqlRow = {
  id: number;
  company: string;
  role: string;
  /** numeric: text from PostgreSQL. */
  ctc: string | number;
  location: string;
  requirements: string;
  status: string;
  /** ISO 8601, as Date.prototype.toISOString writes it. */
  created_at: string;
  alumni_id: number | null;
  alumni_username: string | null;
  alumni_first_name: string | null;
  alumni_last_name: string | null;
  alumni_email: string | null;
  alumni_role: string | null;
  alumni_image: string | null;
  /** The viewer's latest request on the offer (any status), or null when they never asked. */
  my_request_id: number | null;
  my_request_status: string | null;
};

/** Who reads the offers: values, or the placeholders viewerId and seesEveryone of a prepared statement. */
export type OfferReader = { viewerId: number | Placeholder; seesEveryone: boolean | Placeholder };

/** The reader of a viewer given as values. */
export const offerReaderOf = (viewer: Viewer): OfferReader => ({ viewerId: viewer.id, seesEveryone: viewer.role === 'AD' });

/**
 * Offers newest first with their alumni and the reader's latest request on each, in one
 * statement: `where` picks the offers (referrals_status_created_idx by status,
 * referrals_alumni_idx for one alumnus). The reader's requests are read once
 * (referral_requests_requester_created_idx, the latest per offer) and joined to the page, instead
 * of a second statement for the page's ids.
 */
export function referralsSql(reader: OfferReader, where: SQL, take: number): SQL {
  const viewerId = sql`${reader.viewerId}::integer`;
  return sql`
    select ${referrals.id} as id, ${referrals.company} as company, ${referrals.role} as role, ${referrals.ctc} as ctc,
      ${referrals.location} as location, ${referrals.requirements} as requirements, ${referrals.status} as status,
      ${isoTimestampSql(referrals.createdAt)} as created_at,
      ${users.id} as alumni_id, ${users.username} as alumni_username, ${users.firstName} as alumni_first_name,
      ${users.lastName} as alumni_last_name, ${personFieldForViewerSql(reader.viewerId, reader.seesEveryone, 'email')} as alumni_email,
      ${users.role} as alumni_role, ${users.image} as alumni_image,
      mine.id as my_request_id, mine.status as my_request_status
    from ${referrals}
      left join ${users} on ${users.id} = ${referrals.alumniId}
      left join (
        select distinct on (${referralRequests.referralId}) ${referralRequests.referralId} as referral_id,
          ${referralRequests.id} as id, ${referralRequests.status} as status
        from ${referralRequests}
        where ${referralRequests.requesterId} = ${viewerId}
        order by ${referralRequests.referralId}, ${referralRequests.createdAt} desc, ${referralRequests.id} desc
      ) mine on mine.referral_id = ${referrals.id}
    where ${where}
    order by ${referrals.createdAt} desc, ${referrals.id} desc
    limit ${sqlInteger(take)}`;
}

/** Offers strictly older than a (created_at, id) position, given as values or placeholders. */
export function offersBeforeSql(at: string | Placeholder, id: number | Placeholder): SQL {
  return sql`(${referrals.createdAt}, ${referrals.id}) < (${at}::timestamptz, ${id}::integer)`;
}

/**
 * The open offers newest first as a prepared statement (placeholders viewerId, seesEveryone,
 * beforeAt, beforeId; the page size in the text): referrals_status_created_idx.
 */
export function openReferralsPageQuery(take: number): SQL {
  const reader = { viewerId: sql.placeholder('viewerId'), seesEveryone: sql.placeholder('seesEveryone') };
  const where = sql`${referrals.status} = 'open' and ${offersBeforeSql(sql.placeholder('beforeAt'), sql.placeholder('beforeId'))}`;
  return referralsSql(reader, where, take);
}

export type ReferralSearch = {
  /** Who is looking: alumni's e-mails as they may read them, and their own requests. */
  viewer: Viewer;
  referralId?: number;
  status?: ReferralStatus;
  alumniId?: number;
  /** Referrals strictly older than this position (newest-first keyset). */
  before?: CursorPosition;
  take: number;
};

/**
 * Referrals newest first (referralsSql) for a search with values, planned per call: one offer, one
 * status (referrals_status_created_idx) or one alumnus (referrals_alumni_idx).
 */
export function referralsQuery(search: ReferralSearch): SQL {
  const conditions: SQL[] = [sql`true`];
  if (search.referralId !== undefined) conditions.push(sql`${referrals.id} = ${search.referralId}::integer`);
  if (search.status !== undefined) conditions.push(sql`${referrals.status} = ${search.status}::text`);
  if (search.alumniId !== undefined) conditions.push(sql`${referrals.alumniId} = ${search.alumniId}::integer`);
  if (search.before) conditions.push(offersBeforeSql(search.before.at.toISOString(), search.before.id));
  return referralsSql(offerReaderOf(search.viewer), sql.join(conditions, sql` and `), search.take);
}
