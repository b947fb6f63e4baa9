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

type NoneOf<Columns> = { [Column in keyof Columns]: null };

/**
 * A row of an offer's board (referralBoardPageQuery): the offer and its owner, every request column
 * null, or one of its requests, every offer column null. No row at all: there is no such offer.
 */
export type ReferralBoardSqlRow = (OfferSqlColumns & NoneOf<RequestSqlColumns>) | (NoneOf<OfferSqlColumns> & RequestSqlColumns);

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
