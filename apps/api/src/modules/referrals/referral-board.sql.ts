import { sql, type SQL } from 'drizzle-orm';
import { sqlInteger } from '../../db/prepared';
import { referralRequests, referrals } from '../../db/schema/index';
import {
  offerColumnsSql,
  ownerJoinSql,
  requestColumnsSql,
  requesterJoinSql,
  requestsBeforeSql,
  type OfferSqlColumns,
  type RequestSqlColumns,
} from './referral-request-page.sql';

/** RequestSqlColumns when the offer has no request on the page (or the reader may not list them). */
type NoRequest = { [Column in keyof RequestSqlColumns]: null };

/**
 * A row of an offer's board (referralBoardPageQuery): the offer and its owner, with one of its
 * requests, or with none (every request column null) when the page is empty or the reader may
 * not list its requests. No row at all: there is no such offer.
 */
export type ReferralBoardSqlRow = OfferSqlColumns & (RequestSqlColumns | NoRequest);

/**
 * An offer's requests newest first (its owner's board) in one statement, with the offer itself, so
 * that the same round trip tells a missing offer (no row) from a page: the offer by its primary
 * key, with its owner's columns computed once (`offset 0` keeps the subquery whole), then its page
 * of requests by referral_requests_referral_created_idx, read only when the reader is the offer's
 * owner or sees everyone (the route's rule, canOnReferralRequest 'list', answers 403 otherwise).
 * Placeholders: id, viewerId, seesEveryone, beforeAt, beforeId (beforeParams); the page size is in
 * the text (decision 006). The position is read through uncorrelated subqueries (InitPlans) whose
 * values no plan sees, so custom plans cost the same as the generic one and the generic plan is
 * kept (decision 053).
 */
export function referralBoardPageQuery(take: number): SQL {
  const reader = { viewerId: sql.placeholder('viewerId'), seesEveryone: sql.placeholder('seesEveryone') };
  const position = requestsBeforeSql(
    sql`(select ${sql.placeholder('beforeAt')}::timestamptz)`,
    sql`(select ${sql.placeholder('beforeId')}::integer)`,
  );
  return sql`
    select offer.*, page.*
    from (
      select ${offerColumnsSql(reader)}
      from ${referrals} ${ownerJoinSql}
      where ${referrals.id} = ${sql.placeholder('id')}::integer
      offset 0
    ) offer
    left join lateral (
      select ${requestColumnsSql(reader)}
      from ${referralRequests} ${requesterJoinSql(reader)}
      where ${referralRequests.referralId} = offer.referral_id and ${position}
        and (offer.owner_id = ${sql.placeholder('viewerId')}::integer or ${sql.placeholder('seesEveryone')}::boolean)
      order by ${referralRequests.createdAt} desc, ${referralRequests.id} desc
      limit ${sqlInteger(take)}
    ) page on true
    order by page.created_at desc, page.id desc`;
}
