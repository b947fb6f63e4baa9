import type { Referral, ReferralAlumni, ReferralRequestStatus, ReferralStatus, Role } from '@alumlink/contract';
import { mediaUrl } from '../../lib/media';
import type { ReferralListRow } from './referrals.repository';

/** The viewer's latest request on an offer, when they made one. */
export type MyRequestRow = { id: number; status: string } | undefined;

/** A referral row with its alumnus (and the viewer's latest request on it) → the contract's referral shape. */
export function presentReferral(row: ReferralListRow, myRequest?: MyRequestRow): Referral {
  return {
    id: row.id,
    company: row.company,
    role: row.role,
    ctc: Number(row.ctc),
    location: row.location,
    requirements: row.requirements,
    status: row.status as ReferralStatus,
    created_at: row.createdAt.toISOString(),
    // Null once the alumnus left (DESIGN 7).
    alumni: row.alumni ? presentAlumnus(row.alumni, row.company) : null,
    my_request: myRequest ? { id: myRequest.id, status: myRequest.status as ReferralRequestStatus } : null,
  };
}

function presentAlumnus(alumni: NonNullable<ReferralListRow['alumni']>, company: string): ReferralAlumni {
  const image = mediaUrl(alumni.image);
  return {
    id: alumni.id,
    username: alumni.username,
    first_name: alumni.firstName,
    last_name: alumni.lastName,
    email: alumni.email,
    role: alumni.role as Role,
    image,
    profile: { profile_image: image },
    // An alumnus refers people to the company they work at.
    company,
  };
}
