import { z } from 'zod';
import { idSchema, LIMITS } from './common';

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** User-visible texts of the profile editor, word for word. */
export const PROFILE_MESSAGES = {
  handleFormat: 'Enter a valid handle. Use letters and numbers only.',
  handleTaken: 'This handle is already taken.',
  invalidCountryCode: 'Enter a valid country code, e.g. +91.',
  invalidPhoneNumber: 'Enter a valid phone number.',
  loadFailed: 'Failed to load user data.',
  updateFailed: 'Update failed. Please try again.',
} as const;

/** Lengths of the career profile fields (DESIGN 8.1). */
export const CAREER_LIMITS = { headlineMax: 120, companyMax: 100, jobTitleMax: 100, locationMax: 100, cohortYearMin: 1990 } as const;

/** The latest cohort year accepted: this year + 5. */
export function latestCohortYear(now: Date = new Date()): number {
  return now.getUTCFullYear() + 5;
}

/** A career text: trimmed; '' (or null) clears it, missing leaves it unchanged. */
const careerText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((value) => (value === null ? '' : value));

/** A year from JSON (number) or a form (text); '' or null clears it. */
const cohortYearInput = z.union([z.number(), z.string().trim(), z.null()]).transform((value, ctx): number | null => {
  if (value === null || value === '') return null;
  const year = typeof value === 'number' ? value : /^\d{4}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(year) || year < CAREER_LIMITS.cohortYearMin || year > latestCohortYear()) {
    ctx.addIssue({ code: 'custom', message: cohortYearMessage() });
    return z.NEVER;
  }
  return year;
});

/** The cohort year error, naming today's range. */
export function cohortYearMessage(now: Date = new Date()): string {
  return `Enter a year between ${CAREER_LIMITS.cohortYearMin} and ${latestCohortYear(now)}.`;
}

/** A switch from JSON (boolean) or a form ('true' / 'false'). */
const formBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

/** Handles are letters and digits only (unique case-insensitively on the server). */
export const HANDLE_PATTERN = /^[A-Za-z0-9]+$/;

/** An editable text: missing, null or blank means "leave unchanged". */
const editable = (max: number) => z.string().trim().max(max, tooLong(max)).nullish();

/**
 * Body of PUT /social/user-profiles/update-me/ (JSON, or multipart with an `image` file).
 * Every field is optional. The specification's fields: missing, null or blank leaves the stored
 * value unchanged. The career fields (DESIGN 8.1): missing leaves it, '' or null clears it.
 * `country_code` and `phone_number` must end up both set or both empty.
 */
export const updateProfileRequestSchema = z.object({
  first_name: editable(LIMITS.nameMax),
  last_name: editable(LIMITS.nameMax),
  phone_number: editable(20).refine((v) => !v || /^[\d\s-]{4,20}$/.test(v), PROFILE_MESSAGES.invalidPhoneNumber),
  country_code: editable(6).refine((v) => !v || /^\+?\d{1,4}$/.test(v), PROFILE_MESSAGES.invalidCountryCode),
  handle: editable(LIMITS.handleMax).refine((v) => !v || HANDLE_PATTERN.test(v), PROFILE_MESSAGES.handleFormat),
  bio: editable(LIMITS.bioMax),
  /** Comma-separated; stored trimmed, without empty items and de-duplicated case-insensitively. */
  skills: editable(LIMITS.skillsMax),
  headline: careerText(CAREER_LIMITS.headlineMax),
  company: careerText(CAREER_LIMITS.companyMax),
  job_title: careerText(CAREER_LIMITS.jobTitleMax),
  location: careerText(CAREER_LIMITS.locationMax),
  /** 1990 .. this year + 5; null or '' clears it. */
  cohort_year: cohortYearInput.optional(),
  open_to_referrals: formBoolean.optional(),
  /** Ignored in JSON (the current image URL may be echoed back); send a file part in multipart to change it. */
  image: z.string().nullish(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** Skills text → the stored form: trimmed items, empty ones dropped, first spelling of duplicates kept. */
export function normalizeSkills(skills: string): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const item of skills.split(',')) {
    const skill = item.trim();
    const key = skill.toLowerCase();
    if (skill === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(skill);
  }
  return kept.join(', ');
}

/** GET /social/user-profiles/by-id/?user_id= (answers the contract's userSchema, e-mail included). */
export const profileByIdQuerySchema = z.object({ user_id: idSchema });

/**
 * GET /social/user-profiles/by-username/?username= : the same profile, found by its username or
 * by a username the person had before (an old link keeps working).
 */
export const profileByUsernameQuerySchema = z.object({ username: z.string().trim().min(1).max(150) });
