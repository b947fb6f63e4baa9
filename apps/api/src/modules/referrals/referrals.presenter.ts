import type { Referral, ReferralRequestStatus, ReferralStatus, Role } from '@alumlink/contract';
import { mediaUrl } from '../../lib/media';
import type { ReferralSqlRow } from './referral-offers.sql';

/** A referral row with its alumnus and the viewer's latest request on it (referralsSql) → the contract's referral shape. */
export function presentReferral(row: ReferralSqlRow): Referral {
  return {
    id: row.id,
    company: row.company,
    role: row.role,
    ctc: Number(row.ctc),
    location: row.location,
    requirements: row.requirements,
    status: row.status as ReferralStatus,
    created_at: row.created_at,
    // Null once the alumnus left (DESIGN 7).
    alumni: row.alumni_id === null ? null : presentAlumnus(row, row.alumni_id),
    my_request: row.my_request_id === null ? null : { id: row.my_request_id, status: row.my_request_status as ReferralRequestStatus },
  };
}

function presentAlumnus(row: ReferralSqlRow, id: number): NonNullable<Referral['alumni']> {
  const image = mediaUrl(row.alumni_image);
  // The alumnus's other columns are set whenever their id is (a left join of users).
  return {
    id,
    username: row.alumni_username ?? '',
    first_name: row.alumni_first_name ?? '',
    last_name: row.alumni_last_name ?? '',
    email: row.alumni_email ?? '',
    role: row.alumni_role as Role,
    image,
    profile: { profile_image: image },
    // An alumnus refers people to the company they work at.
    company: row.company,
  };
}
