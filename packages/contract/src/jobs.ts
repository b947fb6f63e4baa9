import { z } from 'zod';
import { pageQuerySchema, paginated, REQUIRED, choiceError } from './common';
import { userSummarySchema } from './users';
import { referralRequestStatusSchema } from './referral-pipeline';

/** Job types of the job board, in the order of the filter. */
export const JOB_TYPES = ['Full-Time', 'Part-Time', 'Contract'] as const;
export type JobType = (typeof JOB_TYPES)[number];
/** Values of the job board's type filter: every type, or All. */
export const JOB_TYPE_FILTERS = ['All', ...JOB_TYPES] as const;
export type JobTypeFilter = (typeof JOB_TYPE_FILTERS)[number];

/** open jobs are listed; closed ones only in their author's and the admins' lists. */
export const JOB_STATUSES = ['open', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_LIMITS = {
  titleMax: 200,
  companyMax: 200,
  locationMax: 200,
  salaryMax: 100,
  descriptionMax: 5_000,
  applyUrlMax: 2_000,
} as const;

export const JOB_MESSAGES = {
  applyUrl: 'Enter an https URL or an e-mail address.',
  notFound: 'Job not found.',
  createForbidden: 'Only alumni and admins can post jobs.',
  editForbidden: 'You can only change your own job posts.',
  empty: 'No jobs found for selected filter.',
} as const;

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

const requiredText = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, tooLong(max));
const optionalText = (max: number) => z.string({ error: 'Not a valid string.' }).trim().max(max, tooLong(max));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An https URL stays as given; an e-mail address (optionally with mailto:) becomes `mailto:<address>`. */
export function normalizeApplyUrl(value: string): string | null {
  const text = value.trim();
  const address = text.toLowerCase().startsWith('mailto:') ? text.slice('mailto:'.length) : text;
  if (EMAIL.test(address)) return `mailto:${address}`;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.includes('.') ? url.toString() : null;
  } catch {
    return null;
  }
}

export const applyUrlSchema = requiredText(JOB_LIMITS.applyUrlMax).transform((value, ctx) => {
  const normalized = normalizeApplyUrl(value);
  if (normalized === null) {
    ctx.addIssue({ code: 'custom', message: JOB_MESSAGES.applyUrl });
    return z.NEVER;
  }
  return normalized;
});

export const jobTypeSchema = z.enum(JOB_TYPES, { error: choiceError });

/** Body of POST /api/jobs/ (salary and description may be left out). */
export const createJobRequestSchema = z.object({
  title: requiredText(JOB_LIMITS.titleMax),
  company: requiredText(JOB_LIMITS.companyMax),
  location: requiredText(JOB_LIMITS.locationMax),
  salary: optionalText(JOB_LIMITS.salaryMax).default(''),
  type: jobTypeSchema,
  description: optionalText(JOB_LIMITS.descriptionMax).default(''),
  /** An https URL or an e-mail address (stored as mailto:). */
  apply_url: applyUrlSchema,
});
export type CreateJobRequest = z.input<typeof createJobRequestSchema>;
/** A new job as the server receives it (trimmed, apply_url normalised). */
export type CreateJobFields = z.output<typeof createJobRequestSchema>;

/** Body of PATCH /api/jobs/{id}/: any of the fields of a new job. */
export const updateJobRequestSchema = z.object({
  title: requiredText(JOB_LIMITS.titleMax).optional(),
  company: requiredText(JOB_LIMITS.companyMax).optional(),
  location: requiredText(JOB_LIMITS.locationMax).optional(),
  salary: optionalText(JOB_LIMITS.salaryMax).optional(),
  type: jobTypeSchema.optional(),
  description: optionalText(JOB_LIMITS.descriptionMax).optional(),
  apply_url: applyUrlSchema.optional(),
});
export type UpdateJobRequest = z.input<typeof updateJobRequestSchema>;
export type UpdateJobFields = z.output<typeof updateJobRequestSchema>;

/** A job post. */
export const jobSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  company: z.string(),
  location: z.string(),
  salary: z.string(),
  type: z.enum(JOB_TYPES),
  description: z.string(),
  /** https URL or mailto: address. */
  apply_url: z.string(),
  status: z.enum(JOB_STATUSES),
  /** ISO 8601. */
  created_at: z.string(),
  posted_by: userSummarySchema,
  /** True when the caller may edit, close or reopen it (its author or an admin). */
  can_edit: z.boolean(),
});
export type Job = z.infer<typeof jobSchema>;

/** An alumnus at the job's company who is open to referrals. */
export const companyAlumnusSchema = userSummarySchema.extend({
  headline: z.string(),
  job_title: z.string(),
  /** Their open referral offer at this company, if any: where "Ask for a referral" goes (else a message). */
  open_referral_id: z.number().int().nullable(),
  /**
   * The viewer's latest request on that offer (any status), or null when they never asked there:
   * the row shows "Asked" and its status instead of a button that would answer 409.
   */
  my_request: z.object({ id: z.number().int(), status: referralRequestStatusSchema }).nullable(),
});
export type CompanyAlumnus = z.infer<typeof companyAlumnusSchema>;

/** GET /api/jobs/{id}/: the job and the alumni at its company open to referrals (at most 5 of `count`). */
export const jobDetailSchema = jobSchema.extend({
  alumni_at_company: z.object({ count: z.number().int(), people: z.array(companyAlumnusSchema).max(5) }),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

/** Newest first, cursor-paginated. */
export const jobPageSchema = paginated(jobSchema);
export type JobPage = z.infer<typeof jobPageSchema>;

const searchText = z.string().trim().max(200, tooLong(200)).optional();

/** GET /api/jobs/?type=&q=: open jobs; q matches title, company or location, case-insensitively. */
export const jobsQuerySchema = pageQuerySchema.extend({
  type: z.enum(JOB_TYPE_FILTERS, { error: choiceError }).default('All'),
  q: searchText,
});
export type JobsQuery = z.input<typeof jobsQuerySchema>;

/** GET /api/admin/jobs/?status=&q=: every job (both statuses unless status is given). */
export const adminJobsQuerySchema = pageQuerySchema.extend({
  status: z.enum(JOB_STATUSES, { error: choiceError }).optional(),
  q: searchText,
});
export type AdminJobsQuery = z.input<typeof adminJobsQuerySchema>;
