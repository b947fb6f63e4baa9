import type { ReferralRequest, ReferralRequestDetail, ReferralRequestEvent, ReferralRequestStatus } from '@alumlink/contract';
import { presentUserSummary } from '../users/users.presenter';
import type { ReferralRequestEventListRow, ReferralRequestListRow } from './referral-requests.repository';

/** A request row with its offer, owner and requester → the contract's shape. */
export function presentReferralRequest(row: ReferralRequestListRow): ReferralRequest {
  return {
    id: row.id,
    status: row.status as ReferralRequestStatus,
    message: row.message,
    resume_url: row.resumeUrl,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    referral: {
      id: row.referral.id,
      company: row.referral.company,
      role: row.referral.role,
      status: row.referral.status === 'open' ? 'open' : 'closed',
      // Null once the owner left (DESIGN 7): the request and its history stay for the requester.
      alumni: row.owner ? presentUserSummary(row.owner) : null,
    },
    requester: row.requester
      ? { ...presentUserSummary(row.requester), headline: row.requester.headline, cohort_year: row.requester.cohortYear }
      : null,
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

export function presentReferralRequestDetail(row: ReferralRequestListRow, events: ReferralRequestEventListRow[]): ReferralRequestDetail {
  return { ...presentReferralRequest(row), history: events.map(presentReferralRequestEvent) };
}
