import type { ReferralRequest, ReferralRequestDetail, ReferralRequestEvent, ReferralRequestStatus, UserSummary } from '@alumlink/contract';
import { presentUserSummary } from '../users/users.presenter';
import type { ReferralRequestSqlRow } from './referral-request-page.sql';
import type { ReferralRequestEventListRow } from './referral-requests.repository';

/** A request row with its offer, owner and requester (referralRequestsSql) → the contract's shape. */
export function presentReferralRequest(row: ReferralRequestSqlRow): ReferralRequest {
  return {
    id: row.id,
    status: row.status as ReferralRequestStatus,
    message: row.message,
    resume_url: row.resume_url,
    created_at: row.created_at,
    updated_at: row.updated_at,
    referral: {
      id: row.referral_id,
      company: row.offer_company,
      role: row.offer_role,
      status: row.offer_status === 'open' ? 'open' : 'closed',
      // Null once the owner left (DESIGN 7): the request and its history stay for the requester.
      alumni: row.owner_id === null ? null : ownerOf(row, row.owner_id),
    },
    requester: row.requester_id === null ? null : requesterOf(row, row.requester_id),
  };
}

// A joined person's columns are set whenever their id is (a left join of users): the fallbacks never apply.

function ownerOf(row: ReferralRequestSqlRow, id: number): UserSummary {
  return presentUserSummary({
    id,
    username: row.owner_username ?? '',
    email: row.owner_email ?? '',
    firstName: row.owner_first_name ?? '',
    lastName: row.owner_last_name ?? '',
    handle: row.owner_handle,
    role: row.owner_role ?? '',
    image: row.owner_image,
  });
}

function requesterOf(row: ReferralRequestSqlRow, id: number): NonNullable<ReferralRequest['requester']> {
  const person = presentUserSummary({
    id,
    username: row.requester_username ?? '',
    email: row.requester_email ?? '',
    firstName: row.requester_first_name ?? '',
    lastName: row.requester_last_name ?? '',
    handle: row.requester_handle,
    role: row.requester_role ?? '',
    image: row.requester_image,
  });
  return { ...person, headline: row.requester_headline ?? '', cohort_year: row.requester_cohort_year };
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
