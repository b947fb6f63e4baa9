import { z } from 'zod';
import { roleSchema } from './common';

/** Public picture of a person, as every screen of the specification reads it. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  is_staff: z.boolean(),
  handle: z.string().nullable(),
  bio: z.string(),
  /** Comma-separated, trimmed and de-duplicated. */
  skills: z.string(),
  /** URL of the avatar (256 px WebP) or null. */
  image: z.string().nullable(),
  country_code: z.string(),
  phone_number: z.string(),
  /** Same as phone_number with the country code, for the specification's `phone`. */
  phone: z.string(),
  profile: z.object({ profile_image: z.string().nullable() }),
  /** Career profile (DESIGN 8.1); '' when not given. */
  headline: z.string(),
  company: z.string(),
  job_title: z.string(),
  location: z.string(),
  /** The training cohort's year, or null. */
  cohort_year: z.number().int().nullable(),
  /** Alumni who welcome referral requests (shown on jobs at their company). */
  open_to_referrals: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * The e-mail of a person summary when the viewer may not see it (profile visibility: Private,
 * or Only Connections and not a connection): the field stays a string, empty.
 */
export const HIDDEN_EMAIL = '';

/** Short picture of a person, used inside posts, comments and search results. */
export const userSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** HIDDEN_EMAIL ('') unless the viewer is the person, an admin, or may see their profile. */
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  handle: z.string().nullable(),
  role: roleSchema,
  image: z.string().nullable(),
  profile: z.object({ profile_image: z.string().nullable() }),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** Display name rule of the specification: first + last name, else e-mail, else 'Anonymous'. */
export function displayName(
  user: { first_name?: string | null; last_name?: string | null; email?: string | null } | null | undefined,
): string {
  const full = [user?.first_name, user?.last_name]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  if (full) return full;
  if (user?.email) return user.email;
  return 'Anonymous';
}
