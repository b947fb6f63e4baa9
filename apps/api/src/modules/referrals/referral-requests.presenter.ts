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
      alumni: row.owner_id === null ? null : personOf(row.owner_id, 'owner_', row),
    },
    requester:
      row.requester_id === null
        ? null
        : {
            ...personOf(row.requester_id, 'requester_', row),
            headline: row.requester_headline ?? '',
            cohort_year: row.requester_cohort_year,
          },
  };
}

/** The summary of a person joined into a request row (their columns are set whenever their id is). */
function personOf(id: number, prefix: 'owner_' | 'requester_', row: ReferralRequestSqlRow): UserSummary {
  const image = mediaUrl(row[`${prefix}image`]);
  return {
    id,
    username: row[`${prefix}username`] ?? '',
    email: row[`${prefix}email`] ?? '',
    first_name: row[`${prefix}first_name`] ?? '',
    last_name: row[`${prefix}last_name`] ?? '',
    handle: row[`${prefix}handle`],
    role: row[`${prefix}role`] as Role,
    image,
    profile: { profile_image: image },
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
