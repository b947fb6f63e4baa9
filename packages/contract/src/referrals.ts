import { z } from 'zod';
import { pageQuerySchema, paginated, REQUIRED, roleSchema, notAChoice } from './common';
import { referralRequestStatusSchema } from './referral-pipeline';

export const REFERRAL_STATUSES = ['open', 'closed'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const REFERRAL_LIMITS = { companyMax: 200, roleMax: 200, locationMax: 200, requirementsMax: 2_000, ctcMax: 999_999.9 } as const;

export const REFERRAL_MESSAGES = {
  onlyAlumni: 'Only alumni can submit referrals.',
  ctcNumber: 'A valid number is required.',
  ctcMin: 'Ensure this value is greater than or equal to 0.',
  ctcMax: `Ensure this value is less than or equal to ${REFERRAL_LIMITS.ctcMax}.`,
  ctcDecimals: 'Ensure that there are no more than 1 decimal places.',
  notFound: 'Referral not found.',
  notYours: 'You can only change your own referrals.',
  submitted: 'Referral submitted successfully!',
} as const;

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
const requiredText = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, tooLong(max));

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** True when value has at most one decimal place (tolerating binary floating point). */
function hasAtMostOneDecimal(value: number): boolean {
  const tenths = value * 10;
  return Math.abs(tenths - Math.round(tenths)) < 1e-6;
}

/** The amount in LPA, or the message saying why the input is not one. */
function readCtc(value: number | string): number | string {
  if (typeof value === 'string' && value.trim() === '') return REQUIRED;
  const amount = typeof value === 'number' ? value : DECIMAL.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(amount)) return REFERRAL_MESSAGES.ctcNumber;
  if (amount < 0) return REFERRAL_MESSAGES.ctcMin;
  if (!hasAtMostOneDecimal(amount)) return REFERRAL_MESSAGES.ctcDecimals;
  if (amount > REFERRAL_LIMITS.ctcMax) return REFERRAL_MESSAGES.ctcMax;
  return Math.round(amount * 10) / 10;
}

/** Cost to company in LPA: a number (or numeric text) >= 0 with at most one decimal. */
export const ctcSchema = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : REFERRAL_MESSAGES.ctcNumber),
  })
  .transform((value, ctx) => {
    const amount = readCtc(value);
    if (typeof amount === 'string') {
      ctx.addIssue({ code: 'custom', message: amount });
      return z.NEVER;
    }
    return amount;
  });

/** Body of POST /api/referrals/create/: all five fields required, text trimmed. */
export const createReferralRequestSchema = z.object({
  company: requiredText(REFERRAL_LIMITS.companyMax),
  role: requiredText(REFERRAL_LIMITS.roleMax),
  /** In LPA, >= 0, step 0.1. */
  ctc: ctcSchema,
  location: requiredText(REFERRAL_LIMITS.locationMax),
  requirements: requiredText(REFERRAL_LIMITS.requirementsMax),
});
export type CreateReferralRequest = z.input<typeof createReferralRequestSchema>;
/** A new referral as the server receives it (trimmed, ctc a number). */
export type CreateReferralFields = z.output<typeof createReferralRequestSchema>;

/** The alumnus offering a referral. */
export const referralAlumniSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** HIDDEN_EMAIL ('') unless the viewer may see the alumnus's profile (as in userSummarySchema). */
  email: z.string(),
  role: roleSchema,
  /** URL of the avatar or null. */
  image: z.string().nullable(),
  profile: z.object({ profile_image: z.string().nullable() }),
  /** Where the alumnus works: the company they refer to. */
  company: z.string().optional(),
});
export type ReferralAlumni = z.infer<typeof referralAlumniSchema>;

/** A referral offer of an alumnus. */
export const referralSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  role: z.string(),
  /** In LPA, one decimal. */
  ctc: z.number(),
  location: z.string(),
  requirements: z.string(),
  /** open (pending) or closed (done). */
  status: z.enum(REFERRAL_STATUSES),
  /** ISO 8601. */
  created_at: z.string(),
  /** Null once the alumnus deleted their account (shown as DELETED_USER_NAME); the offer is then closed. */
  alumni: referralAlumniSchema.nullable(),
  /**
   * The viewer's latest request on this offer (any status), or null when they never asked: the
   * board shows "Asked" and its status instead of a button that would answer 409.
   */
  my_request: z.object({ id: z.number().int(), status: referralRequestStatusSchema }).nullable(),
});
export type Referral = z.infer<typeof referralSchema>;

/** Newest first, cursor-paginated. */
export const referralPageSchema = paginated(referralSchema);
export type ReferralPage = z.infer<typeof referralPageSchema>;

/** GET /api/admin/referrals/?status=: every referral, or those of one status. */
export const adminReferralsQuerySchema = pageQuerySchema.extend({
  status: z
    .enum(REFERRAL_STATUSES, {
      error: (issue) => notAChoice(issue.input),
    })
    .optional(),
});
export type AdminReferralsQuery = z.input<typeof adminReferralsQuerySchema>;
