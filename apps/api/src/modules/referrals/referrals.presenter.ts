import type { Referral, ReferralStatus, Role } from '@alumlink/contract';
import { mediaUrl } from '../../lib/media';
import type { ReferralListRow } from './referrals.repository';

/** A referral row with its alumnus → the contract's referral shape. */
export function presentReferral(row: ReferralListRow): Referral {
  const image = mediaUrl(row.alumni.image);
  return {
    id: row.id,
    company: row.company,
    role: row.role,
    ctc: Number(row.ctc),
    location: row.location,
    requirements: row.requirements,
    status: row.status as ReferralStatus,
    created_at: row.createdAt.toISOString(),
    alumni: {
      id: row.alumni.id,
      username: row.alumni.username,
      first_name: row.alumni.firstName,
      last_name: row.alumni.lastName,
      email: row.alumni.email,
      role: row.alumni.role as Role,
      image,
      profile: { profile_image: image },
      // An alumnus refers people to the company they work at.
      company: row.company,
    },
  };
}
