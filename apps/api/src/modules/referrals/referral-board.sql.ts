import { HIDDEN_EMAIL } from '@alumlink/contract';
import { sql, type SQL } from 'drizzle-orm';
import { sqlInteger } from '../../db/prepared';
import { referralRequests, referrals } from '../../db/schema/index';
import {
  OFFER_COLUMN_NAMES,
  REQUEST_COLUMN_NAMES,
  offerColumnsWithOwnerEmailSql,
  ownerJoinSql,
  requestColumnsSql,
  requesterJoinSql,
  requestsBeforeSql,
  type OfferSqlColumns,
  type RequestSqlColumns,
} from './referral-request-page.sql';

/**
 * A row of an offer's board (referralBoardPageQuery) as its values, the offer's columns
 * (OFFER_COLUMN_NAMES) then the request's (REQUEST_COLUMN_NAMES): the offer and its owner, every
 * request value null, or one of its requests, every offer value null. No row at all: there is no
 * such offer. Read through offerOfBoardRow and requestOfBoardRow.
 */
export type ReferralBoardSqlRow = readonly unknown[];

const OFFER_AT = OFFER_COLUMN_NAMES.length;
/** Where each column is in a board row. */
const at = Object.fromEntries([...OFFER_COLUMN_NAMES, ...REQUEST_COLUMN_NAMES].map((name, index) => [name, index])) as {
  [Name in keyof OfferSqlColumns | keyof RequestSqlColumns]: number;
};

/** A board row's value, as the column's type (the statement's). */
const get = (row: ReferralBoardSqlRow, index: number) => row[index] as never;

/** Whether a board row is the offer's (its request values null). */
export const isOfferRow = (row: ReferralBoardSqlRow): boolean => row[OFFER_AT] === null;

/** The offer's row of a board as OfferSqlColumns (isOfferRow). */
export function offerOfBoardRow(row: ReferralBoardSqlRow): OfferSqlColumns {
  return {
    referral_id: get(row, at.referral_id),
    offer_company: get(row, at.offer_company),
    offer_role: get(row, at.offer_role),
    offer_status: get(row, at.offer_status),
    owner_id: get(row, at.owner_id),
    owner_username: get(row, at.owner_username),
    owner_email: get(row, at.owner_email),
    owner_first_name: get(row, at.owner_first_name),
    owner_last_name: get(row, at.owner_last_name),
    owner_handle: get(row, at.owner_handle),
    owner_role: get(row, at.owner_role),
    owner_image: get(row, at.owner_image),
  };
}

/** A request's row of a board as RequestSqlColumns (not isOfferRow). */
export function requestOfBoardRow(row: ReferralBoardSqlRow): RequestSqlColumns {
  return {
    id: get(row, at.id),
    status: get(row, at.status),
    message: get(row, at.message),
    resume_url: get(row, at.resume_url),
    created_at: get(row, at.created_at),
    updated_at: get(row, at.updated_at),
    requester_user_id: get(row, at.requester_user_id),
    requester_id: get(row, at.requester_id),
    requester_username: get(row, at.requester_username),
    requester_email: get(row, at.requester_email),
    requester_first_name: get(row, at.requester_first_name),
    requester_last_name: get(row, at.requester_last_name),
    requester_handle: get(row, at.requester_handle),
    requester_role: get(row, at.requester_role),
    requester_image: get(row, at.requester_image),
    requester_headline: get(row, at.requester_headline),
    requester_cohort_year: get(row, at.requester_cohort_year),
  };
}

/** `<table>.<column>` for each name, or `null as <column>` without a table. */
const columnsOf = (names: readonly string[], table?: string): SQL =>
  sql.raw(names.map((name) => (table ? `${table}.${name}` : `null as ${name}`)).join(', '));

/**
 * An offer's requests newest first (its owner's board) in one statement, with the offer itself, so
 * that the same round trip tells a missing offer (no row) from a page: a row for the offer by its
 * primary key with its owner's columns, then a row per request of its page by
 * referral_requests_referral_created_idx, each without the offer's columns (they would be the same
 * on every row: read, sent and parsed once). The page is read only when the reader is the offer's
 * owner or sees everyone (the route's rule, canOnReferralRequest 'list', answers 403 otherwise), so
 * the owner's e-mail is theirs to read whenever the board is answered: it takes no settings probe.
 * Rows come in no promised order (presentBoard orders the page).
 *
 * Placeholders: id, viewerId, seesEveryone, beforeAt, beforeId (beforeParams); the page size is in
 * the text (decision 006). The position is read through uncorrelated subqueries (InitPlans) whose
 * values no plan sees, so custom plans cost the same as the generic one and the generic plan is
 * kept (decision 053).
 */
export function referralBoardPageQuery(take: number): SQL {
  const reader = { viewerId: sql.placeholder('viewerId'), seesEveryone: sql.placeholder('seesEveryone') };
  const readsTheBoard = sql`(offer.owner_id = ${reader.viewerId}::integer or ${reader.seesEveryone}::boolean)`;
  const offerColumns = offerColumnsWithOwnerEmailSql(
    (owner) =>
      sql`case when ${reader.seesEveryone}::boolean or ${owner.id} = ${reader.viewerId}::integer then ${owner.email} else ${HIDDEN_EMAIL} end`,
  );
  const position = requestsBeforeSql(
    sql`(select ${sql.placeholder('beforeAt')}::timestamptz)`,
    sql`(select ${sql.placeholder('beforeId')}::integer)`,
  );
  return sql`
    with offer as (
      select ${offerColumns}
      from ${referrals} ${ownerJoinSql}
      where ${referrals.id} = ${sql.placeholder('id')}::integer
    )
    select ${columnsOf(OFFER_COLUMN_NAMES, 'offer')}, ${columnsOf(REQUEST_COLUMN_NAMES)} from offer
    union all
    select ${columnsOf(OFFER_COLUMN_NAMES)}, ${columnsOf(REQUEST_COLUMN_NAMES, 'page')}
    from offer cross join lateral (
      select ${requestColumnsSql(reader)}
      from ${referralRequests} ${requesterJoinSql(reader)}
      where ${referralRequests.referralId} = offer.referral_id and ${position} and ${readsTheBoard}
      order by ${referralRequests.createdAt} desc, ${referralRequests.id} desc
      limit ${sqlInteger(take)}
    ) page`;
}
