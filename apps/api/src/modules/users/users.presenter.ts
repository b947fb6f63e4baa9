import { type Role, type User, type UserSummary } from '@alumlink/contract';
import type { UserRow } from '../../db/schema/index';
import { mediaUrl } from '../../lib/media';
import { hidePersonFields, withoutEmail, type VisibleFields } from './person.presenter';

type ToMediaUrl = (key: string | null | undefined) => string | null;

/** The spec's `phone`: country code and number together ('' when neither is set). */
function fullPhone(row: Pick<UserRow, 'countryCode' | 'phoneNumber'>): string {
  return [row.countryCode, row.phoneNumber].filter((part) => part !== '').join(' ');
}

/** Which private fields the reader may see; presentUser shows every field without it. */
export type { VisibleFields };

/**
 * A user row → the contract's `userSchema` shape (never the row itself: no password hash). With
 * `visible`, each private field the reader may not see is sent empty ('' or null; the e-mail as
 * HIDDEN_EMAIL): per-field privacy, DESIGN 8.4.
 */
export function presentUser(row: UserRow, toMediaUrl: ToMediaUrl = mediaUrl, visible?: VisibleFields): User {
  if (visible) return hidePersonFields(presentUser(row, toMediaUrl), visible);
  const image = toMediaUrl(row.image);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role as Role,
    is_staff: row.isStaff,
    handle: row.handle,
    bio: row.bio,
    skills: row.skills,
    image,
    country_code: row.countryCode,
    phone_number: row.phoneNumber,
    phone: fullPhone(row),
    profile: { profile_image: image },
    headline: row.headline,
    company: row.company,
    job_title: row.jobTitle,
    location: row.location,
    cohort_year: row.cohortYear,
    open_to_referrals: row.openToReferrals,
    created_at: row.createdAt.toISOString(),
  };
}

/** Columns `presentUserSummary` needs (select just these in list queries). */
export type UserSummaryRow = Pick<UserRow, 'id' | 'username' | 'email' | 'firstName' | 'lastName' | 'handle' | 'role' | 'image'>;

export { withoutEmail };

/** A user row → the short `userSummarySchema` shape used inside posts, comments and search results. */
export function presentUserSummary(row: UserSummaryRow, toMediaUrl: ToMediaUrl = mediaUrl): UserSummary {
  const image = toMediaUrl(row.image);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    handle: row.handle,
    role: row.role as Role,
    image,
    profile: { profile_image: image },
  };
}
