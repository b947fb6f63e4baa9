import { z } from 'zod';
import { AUTH_MESSAGES, emailSchema, newPasswordSchema } from './auth';
import { assignableRoleSchema, idSchema, LIMITS, pageQuerySchema, paginated, REQUIRED, roleSchema } from './common';

// Onboarding an organisation (DESIGN 9.1): cohorts that move people on by date, invitations and
// the sign-up policy.

export const ONBOARDING_LIMITS = {
  cohortNameMax: 100,
  /** An invitation link stays valid this long after it was (re)sent. */
  invitationDays: 14,
  policyDomainsMax: 50,
} as const;

/** A calendar day, YYYY-MM-DD (the day starts at 00:00 UTC). */
export const isoDateSchema = z.iso.date('Enter a date as YYYY-MM-DD.');

const cohortYearSchema = z.coerce
  .number({ error: REQUIRED })
  .int('Enter a whole year.')
  .min(1990, 'Enter a year from 1990.')
  .max(new Date().getUTCFullYear() + 5, 'Enter a year at most five years ahead.');

const cohortFields = z.object({
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(ONBOARDING_LIMITS.cohortNameMax),
  year: cohortYearSchema,
  /** The day its trainees become interns; null: the cohort has no internship step. */
  intern_from: isoDateSchema.nullable().optional(),
  /** The day its trainees and interns become alumni. */
  alumni_from: isoDateSchema,
});

const internBeforeAlumni = (value: { intern_from?: string | null; alumni_from?: string }, ctx: z.RefinementCtx) => {
  if (value.intern_from && value.alumni_from && value.intern_from > value.alumni_from) {
    ctx.addIssue({ code: 'custom', path: ['intern_from'], message: 'The intern date must not be after the alumni date.' });
  }
};

/** Body of POST /api/admin/cohorts/. */
export const createCohortRequestSchema = cohortFields.superRefine(internBeforeAlumni);
export type CreateCohortRequest = z.input<typeof createCohortRequestSchema>;

/** Body of PATCH /api/admin/cohorts/{id}/: any of the fields (the dates are checked together with the stored ones). */
export const updateCohortRequestSchema = cohortFields.partial().superRefine(internBeforeAlumni);
export type UpdateCohortRequest = z.input<typeof updateCohortRequestSchema>;

/** A step a cohort takes people through on a date. */
export const cohortStepSchema = z.object({
  /** The role its members reach. */
  role: z.enum(['IN', 'AL']),
  /** YYYY-MM-DD. */
  on: z.string(),
  /** How many members it would change if it were applied now. */
  people: z.number().int(),
});
export type CohortStep = z.infer<typeof cohortStepSchema>;

export const cohortSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  year: z.number().int(),
  /** YYYY-MM-DD or null. */
  intern_from: z.string().nullable(),
  /** YYYY-MM-DD. */
  alumni_from: z.string(),
  members_count: z.number().int(),
  /** The next step not yet applied, or null when the cohort has taken all its steps. */
  next_step: cohortStepSchema.nullable(),
  /** ISO 8601 of the last applied step, or null. */
  last_applied_at: z.string().nullable(),
  created_at: z.string(),
});
export type Cohort = z.infer<typeof cohortSchema>;

/** GET /api/admin/cohorts/: newest first. */
export const cohortPageSchema = paginated(cohortSchema);
export type CohortPage = z.infer<typeof cohortPageSchema>;

/** POST /api/admin/cohorts/{id}/apply/: how many people changed role. */
export const applyCohortResponseSchema = z.object({ changed: z.number().int() });
export type ApplyCohortResponse = z.infer<typeof applyCohortResponseSchema>;

/** Body of POST /api/admin/cohorts/{id}/members/: people who already have an account (each leaves any other cohort). */
export const addCohortMembersRequestSchema = z.object({
  user_ids: z.array(idSchema).min(1, 'List at least one person.').max(500),
});
export type AddCohortMembersRequest = z.input<typeof addCohortMembersRequestSchema>;
export const addCohortMembersResponseSchema = z.object({ added: z.number().int() });

// ---------- invitations ----------

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export const invitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/** `code` of the 410 answered for a used, revoked or expired invitation link. */
export const INVITATION_GONE_CODE = 'invitation_gone';

export const INVITATION_MESSAGES = {
  gone: 'This invitation has been used, revoked or has expired. Ask your administrator for a new one.',
  alreadyMember: 'Someone with this e-mail already has an account.',
  alreadyInvited: 'This e-mail already has a pending invitation: resend it instead.',
  notPending: 'Only a pending invitation can be resent or revoked.',
  cohortNotFound: 'Cohort not found.',
  invitationNotFound: 'Invitation not found.',
} as const;

const optionalName = z.string().trim().max(LIMITS.nameMax).optional();

/** Body of POST /api/admin/invitations/. */
export const createInvitationRequestSchema = z.object({
  email: emailSchema,
  role: assignableRoleSchema,
  cohort_id: idSchema.nullable().optional(),
  first_name: optionalName,
  last_name: optionalName,
});
export type CreateInvitationRequest = z.input<typeof createInvitationRequestSchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  cohort: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: invitationStatusSchema,
  /** Who invited (their name as it was then). */
  invited_by: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601: when the link stops working. */
  expires_at: z.string(),
  /** ISO 8601 or null. */
  accepted_at: z.string().nullable(),
  /** How many times the e-mail was sent. */
  sent_count: z.number().int(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationsQuerySchema = pageQuerySchema.extend({ status: invitationStatusSchema.optional() });
export type InvitationsQuery = z.input<typeof invitationsQuerySchema>;
export const invitationPageSchema = paginated(invitationSchema);
export type InvitationPage = z.infer<typeof invitationPageSchema>;

/** Path of the public invitation routes: the token of the e-mailed link. */
export const invitationTokenParamsSchema = z.object({ token: z.string().min(20).max(200) });

/** GET /api/invitations/{token}/ (no sign-in): what the Join page shows. */
export const publicInvitationSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  /** The inviting administrator's name. */
  invited_by: z.string(),
  /** The cohort's name, or null. */
  cohort: z.string().nullable(),
});
export type PublicInvitation = z.infer<typeof publicInvitationSchema>;

/** Body of POST /api/invitations/{token}/accept/ (answers {access, refresh}). */
export const acceptInvitationRequestSchema = z
  .object({
    password: newPasswordSchema,
    password_confirm: z.string({ error: REQUIRED }).min(1, REQUIRED).max(LIMITS.passwordMax),
    first_name: optionalName,
    last_name: optionalName,
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.password_confirm) {
      ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: AUTH_MESSAGES.passwordsDontMatch });
    }
  });
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;

// ---------- sign-up policy ----------

export const SIGN_UP_MODES = ['open', 'invite_only', 'domains'] as const;
export const signUpModeSchema = z.enum(SIGN_UP_MODES);
export type SignUpMode = z.infer<typeof signUpModeSchema>;

/** `code` of the 403 /users/register/ answers when sign-up is by invitation only. */
export const INVITE_ONLY_CODE = 'invite_only';
/** `code` of the 403 /users/register/ answers for an e-mail outside the allowed domains. */
export const DOMAIN_NOT_ALLOWED_CODE = 'domain_not_allowed';

export const SIGN_UP_MESSAGES = {
  inviteOnly: 'Sign-up is by invitation only. Ask your organisation for an invitation.',
  domainNotAllowed: 'Sign-up is open only to e-mail addresses of your organisation.',
  domainsRequired: 'List at least one domain.',
  invalidDomain: 'Enter a domain such as example.org.',
} as const;

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^@/, ''))
  .pipe(z.string().regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, SIGN_UP_MESSAGES.invalidDomain));

/** Body of PUT /api/admin/sign-up-policy/ (domains lower-cased, a leading @ dropped). */
export const signUpPolicySchema = z
  .object({
    mode: signUpModeSchema,
    /** Lower-case domains (no @); only read in `domains` mode. */
    domains: z.array(domainSchema).max(ONBOARDING_LIMITS.policyDomainsMax).default([]),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'domains' && value.domains.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['domains'], message: SIGN_UP_MESSAGES.domainsRequired });
    }
  });
export type SignUpPolicyInput = z.input<typeof signUpPolicySchema>;

/** GET/PUT /api/admin/sign-up-policy/ and GET /api/sign-up-policy/: the policy in force. */
export const signUpPolicyResponseSchema = z.object({
  mode: signUpModeSchema,
  /** Lower-case domains (no @); empty unless `mode` is `domains`. */
  domains: z.array(z.string()),
});
export type SignUpPolicy = z.infer<typeof signUpPolicyResponseSchema>;

/** Whether `email` may register under `policy` (the server decides; the sign-up page tells early). */
export function signUpAllows(policy: SignUpPolicy, email: string): boolean {
  switch (policy.mode) {
    case 'open':
      return true;
    case 'invite_only':
      return false;
    case 'domains': {
      const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
      return policy.domains.includes(domain);
    }
  }
}
