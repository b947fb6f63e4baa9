import { z } from 'zod';
import { pageQuerySchema, paginated, REQUIRED, choiceError } from './common';
import { mentorshipCountsSchema } from './mentoring';
import { userSummarySchema } from './users';

// ---------- referral requests (DESIGN 8.2) ----------

/** Every state a request on a referral offer can be in. */
export const REFERRAL_REQUEST_STATUSES = [
  'requested',
  'referred',
  'interviewing',
  'hired',
  'not_selected',
  'declined',
  'withdrawn',
  'expired',
  'closed',
] as const;
export const referralRequestStatusSchema = z.enum(REFERRAL_REQUEST_STATUSES);
export type ReferralRequestStatus = z.infer<typeof referralRequestStatusSchema>;

/** A person holds at most one request in these states per offer. */
export const ACTIVE_REFERRAL_REQUEST_STATUSES = [
  'requested',
  'referred',
  'interviewing',
] as const satisfies readonly ReferralRequestStatus[];

/** The moves an offer's owner may make, from each state (DESIGN 8.2); any other move is `invalid_transition`. */
export const REFERRAL_REQUEST_TRANSITIONS: Record<ReferralRequestStatus, readonly ReferralRequestStatus[]> = {
  requested: ['referred', 'declined'],
  referred: ['interviewing', 'hired', 'not_selected'],
  interviewing: ['hired', 'not_selected'],
  hired: [],
  not_selected: [],
  declined: [],
  withdrawn: [],
  expired: [],
  closed: [],
};

/** The states an owner may move a request to. */
export const OWNER_MOVE_STATUSES = [
  'referred',
  'interviewing',
  'hired',
  'not_selected',
  'declined',
] as const satisfies readonly ReferralRequestStatus[];

/** True when the owner may move a request from `from` to `to`. */
export function canMoveReferralRequest(from: ReferralRequestStatus, to: ReferralRequestStatus): boolean {
  return REFERRAL_REQUEST_TRANSITIONS[from].includes(to);
}

export const REFERRAL_REQUEST_STATUS_LABELS: Record<ReferralRequestStatus, string> = {
  requested: 'Requested',
  referred: 'Referred',
  interviewing: 'Interviewing',
  hired: 'Hired',
  not_selected: 'Not selected',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  closed: 'Offer closed',
};

export const REFERRAL_REQUEST_LIMITS = { messageMax: 2_000, noteMax: 1_000, resumeUrlMax: 2_000, expiryDays: 30 } as const;

export const REFERRAL_REQUEST_MESSAGES = {
  notFound: 'Referral request not found.',
  ownOffer: 'You cannot ask for a referral on your own offer.',
  offerClosed: 'This referral is closed.',
  alreadyActive: 'You already have an active request on this referral.',
  invalidTransition: 'This request cannot move to that status.',
  notOwner: 'Only the alumnus who offered this referral can move its requests.',
  notRequester: 'Only the person who asked can withdraw this request.',
  onlyAlumniReceive: 'Only alumni receive referral requests.',
  resumeUrl: 'Enter an https:// link.',
  sent: 'Referral request sent.',
} as const;

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** An optional https link: empty or missing means none. */
const resumeUrlSchema = z
  .string({ error: 'Not a valid string.' })
  .trim()
  .max(REFERRAL_REQUEST_LIMITS.resumeUrlMax, tooLong(REFERRAL_REQUEST_LIMITS.resumeUrlMax))
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, REFERRAL_REQUEST_MESSAGES.resumeUrl)
  .transform((value) => (value === '' ? null : value));

/** Body of POST /api/referrals/{id}/requests/. */
export const askReferralSchema = z.object({
  message: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(REFERRAL_REQUEST_LIMITS.messageMax, tooLong(REFERRAL_REQUEST_LIMITS.messageMax)),
  /** A link to the CV (https), optional. */
  resume_url: resumeUrlSchema.nullish(),
});
export type AskReferralRequest = z.input<typeof askReferralSchema>;
export type AskReferralFields = z.output<typeof askReferralSchema>;

/** Body of POST /api/referral-requests/{id}/status/. */
export const moveReferralRequestSchema = z.object({
  status: z.enum(OWNER_MOVE_STATUSES, {
    error: choiceError,
  }),
  /** Optional note kept in the history and shown to the requester. */
  note: z
    .string({ error: 'Not a valid string.' })
    .trim()
    .max(REFERRAL_REQUEST_LIMITS.noteMax, tooLong(REFERRAL_REQUEST_LIMITS.noteMax))
    .optional(),
});
export type MoveReferralRequest = z.input<typeof moveReferralRequestSchema>;
export type MoveReferralFields = z.output<typeof moveReferralRequestSchema>;

/** The requester as the offer's owner sees them: who they are and where they are in their career. */
export const referralRequesterSchema = userSummarySchema.extend({
  headline: z.string(),
  cohort_year: z.number().int().nullable(),
});

/** The offer a request was made on. */
export const referralRequestOfferSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  role: z.string(),
  /** open or closed. */
  status: z.enum(['open', 'closed']),
  /** Null once the alumnus deleted their account (shown as DELETED_USER_NAME); the request and its history stay. */
  alumni: userSummarySchema.nullable(),
});

/** A request on a referral offer. */
export const referralRequestSchema = z.object({
  id: z.number().int(),
  status: referralRequestStatusSchema,
  message: z.string(),
  /** https link to the requester's CV, or null. */
  resume_url: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601 of the last change. */
  updated_at: z.string(),
  referral: referralRequestOfferSchema,
  /** Null once the requester deleted their account (shown as DELETED_USER_NAME; message and CV link cleared). */
  requester: referralRequesterSchema.nullable(),
});
export type ReferralRequest = z.infer<typeof referralRequestSchema>;

/** One change of a request, oldest first; `by` is null for the system (expiry, offer closed). */
export const referralRequestEventSchema = z.object({
  status: referralRequestStatusSchema,
  note: z.string().nullable(),
  /** ISO 8601. */
  at: z.string(),
  by: userSummarySchema.nullable(),
});
export type ReferralRequestEvent = z.infer<typeof referralRequestEventSchema>;

/** GET /api/referral-requests/{id}/: the request with every change, starting with `requested`. */
export const referralRequestDetailSchema = referralRequestSchema.extend({ history: z.array(referralRequestEventSchema) });
export type ReferralRequestDetail = z.infer<typeof referralRequestDetailSchema>;

/** Newest first, cursor-paginated. */
export const referralRequestPageSchema = paginated(referralRequestSchema);
export type ReferralRequestPage = z.infer<typeof referralRequestPageSchema>;

// ---------- outcomes (admin) ----------

const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Enter a valid date.');

/** GET /api/admin/outcomes/ and outcomes.csv: requests made from `from` to `to` (inclusive days, UTC), of one cohort. */
export const outcomesQuerySchema = z.object({
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  cohort_year: z.coerce.number().int().min(1990).max(2100).optional(),
});
export type OutcomesQuery = z.input<typeof outcomesQuerySchema>;

/**
 * The pipeline's results. `referrals.requested|referred|interviewing|hired` are the funnel: requests
 * made in the period that reached each stage (at any time). The other counts are requests whose
 * current status is that one.
 */
export const outcomesSchema = z.object({
  referrals: z.object({
    requested: z.number().int(),
    referred: z.number().int(),
    interviewing: z.number().int(),
    hired: z.number().int(),
    not_selected: z.number().int(),
    declined: z.number().int(),
    withdrawn: z.number().int(),
    expired: z.number().int(),
    closed: z.number().int(),
  }),
  hires_by_company: z.array(z.object({ company: z.string(), count: z.number().int() })),
  by_cohort: z.array(z.object({ cohort_year: z.number().int().nullable(), requested: z.number().int(), hired: z.number().int() })),
  /** Median days from a request to its referral, one decimal; null when none was referred. */
  median_days_to_referral: z.number().nullable(),
  /** Mentorships made in the period (DESIGN 8.3); the cohort filter does not apply to them. */
  mentorships: mentorshipCountsSchema,
});
export type Outcomes = z.infer<typeof outcomesSchema>;

/** The columns of outcomes.csv, in order. */
export const OUTCOMES_CSV_COLUMNS = [
  'request_id',
  'requested_at',
  'status',
  'company',
  'role',
  'alumnus',
  'requester',
  'requester_cohort_year',
  'referred_at',
  'updated_at',
] as const;

/** The GET /api/referrals/{id}/requests/ and /mine/ query. */
export const referralRequestsQuerySchema = pageQuerySchema;
