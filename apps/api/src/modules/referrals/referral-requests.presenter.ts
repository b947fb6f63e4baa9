import type {
  ReferralRequest,
  ReferralRequestDetail,
  ReferralRequestEvent,
  ReferralRequestStatus,
  Role,
  UserSummary,
} from '@alumlink/contract';
import { mediaUrl } from '../../lib/media';
import { presentUserSummary } from '../users/users.presenter';
import { isOfferRow, offerOfBoardRow, requestOfBoardRow, type ReferralBoardSqlRow } from './referral-board.sql';
import type { OfferSqlColumns, ReferralRequestSqlRow, RequestSqlColumns } from './referral-request-page.sql';
import type { ReferralRequestEventListRow } from './referral-requests.repository';

/** A request row with its offer, owner and requester (referralRequestsSql) → the contract's shape. */
export function presentReferralRequest(row: ReferralRequestSqlRow): ReferralRequest {
  return presentRequestOn(row, presentOffer(row));
}

/**
 * The rows of an offer's board (referralBoardPageQuery) → its offer's owner (undefined: no such
 * offer) and its requests newest first: the offer and its owner are presented once and shared by
 * every request. The statement promises no order of its rows; they come in order, so the sort
 * only confirms it (one comparison per request).
 */
export function presentBoard(rows: ReferralBoardSqlRow[]): { ownerId: number | null; requests: ReferralRequest[] } | undefined {
  let offerRow: OfferSqlColumns | undefined;
  const requestRows: RequestSqlColumns[] = [];
  for (const row of rows) {
    if (isOfferRow(row)) offerRow = offerOfBoardRow(row);
    else requestRows.push(requestOfBoardRow(row));
  }
  if (offerRow === undefined) return undefined;
  const offer = presentOffer(offerRow);
  requestRows.sort(newestFirst);
  return { ownerId: offerRow.owner_id, requests: requestRows.map((row) => presentRequestOn(row, offer)) };
}

/** created_at is ISO 8601 text in UTC, whose order is the time's. */
const newestFirst = (a: RequestSqlColumns, b: RequestSqlColumns) =>
  a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1;

function presentOffer(row: OfferSqlColumns): ReferralRequest['referral'] {
  return {
    id: row.referral_id,
    company: row.offer_company,
    role: row.offer_role,
    status: row.offer_status === 'open' ? 'open' : 'closed',
    // Null once the owner left (DESIGN 7): the request and its history stay for the requester.
    alumni: row.owner_id === null ? null : ownerOf(row, row.owner_id),
  };
}

/** One object literal per request, every value copied once. */
function presentRequestOn(row: RequestSqlColumns, referral: ReferralRequest['referral']): ReferralRequest {
  return {
    id: row.id,
    status: row.status as ReferralRequestStatus,
    message: row.message,
    resume_url: row.resume_url,
    created_at: row.created_at,
    updated_at: row.updated_at,
    referral,
    requester: row.requester_id === null ? null : requesterOf(row, row.requester_id),
  };
}

// A joined person's columns are set whenever their id is (a left join of users): the fallbacks never apply.

function ownerOf(row: OfferSqlColumns, id: number): UserSummary {
  const image = mediaUrl(row.owner_image);
  return {
    id,
    username: row.owner_username ?? '',
    email: row.owner_email ?? '',
    first_name: row.owner_first_name ?? '',
    last_name: row.owner_last_name ?? '',
    handle: row.owner_handle,
    role: (row.owner_role ?? '') as Role,
    image,
    profile: { profile_image: image },
  };
}

function requesterOf(row: RequestSqlColumns, id: number): NonNullable<ReferralRequest['requester']> {
  const image = mediaUrl(row.requester_image);
  return {
    id,
    username: row.requester_username ?? '',
    email: row.requester_email ?? '',
    first_name: row.requester_first_name ?? '',
    last_name: row.requester_last_name ?? '',
    handle: row.requester_handle,
    role: (row.requester_role ?? '') as Role,
    image,
    profile: { profile_image: image },
    headline: row.requester_headline ?? '',
    cohort_year: row.requester_cohort_year,
  };
}

export function presentReferralRequestEvent(row: ReferralRequestEventListRow): ReferralRequestEvent {
  return {
    status: row.status as ReferralRequestStatus,
    note: row.note,
    at: row.createdAt.toISOString(),
    by: row.actor?.id ? presentUserSummary(row.actor) : null,
  };
}

export function presentReferralRequestDetail(row: ReferralRequestSqlRow, events: ReferralRequestEventListRow[]): ReferralRequestDetail {
  return { ...presentReferralRequest(row), history: events.map(presentReferralRequestEvent) };
}
