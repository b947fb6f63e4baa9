import { z } from 'zod';
import { idSchema, pageQuerySchema, paginated, REQUIRED, notAChoice } from './common';
import { userSummarySchema } from './users';

/** Where a mentorship is: pending → active | declined | cancelled; active → completed. */
export const MENTORSHIP_STATUSES = ['pending', 'active', 'declined', 'cancelled', 'completed'] as const;
export const mentorshipStatusSchema = z.enum(MENTORSHIP_STATUSES);
export type MentorshipStatus = z.infer<typeof mentorshipStatusSchema>;

export const MENTORING_LIMITS = {
  topicsMax: 10,
  topicMax: 40,
  capacityMin: 1,
  capacityMax: 10,
  aboutMax: 1_000,
  messageMax: 2_000,
  reasonMax: 500,
  nameQueryMax: 100,
} as const;

export const MENTORING_MESSAGES = {
  onlyAlumni: 'Only alumni can be mentors.',
  notYourself: 'You cannot ask yourself for mentoring.',
  mentorUnavailable: 'This mentor is not taking new mentees right now.',
  alreadyAsked: 'You already have a pending or active mentorship with this mentor.',
  full: 'You have no free place for another mentee.',
  notFound: 'Mentorship not found.',
  mentorNotFound: 'Mentor not found.',
  invalidTransition: 'This mentorship cannot make that move.',
  notYours: 'Only the other person of this mentorship can do that.',
  topicsMax: `Choose at most ${MENTORING_LIMITS.topicsMax} topics.`,
  topicsRequired: 'A mentor needs at least one topic.',
} as const;

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** One topic: trimmed, inner spaces collapsed, 1..40 characters. */
export const mentoringTopicSchema = z
  .string({ error: REQUIRED })
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, REQUIRED).max(MENTORING_LIMITS.topicMax, tooLong(MENTORING_LIMITS.topicMax)));

/** Topics of a mentor: at most 10, duplicates (case-insensitive) dropped, order kept. */
export const mentoringTopicsSchema = z
  .array(mentoringTopicSchema, { error: 'Expected a list of topics.' })
  .transform((topics) => {
    const seen = new Set<string>();
    return topics.filter((topic) => {
      const key = topic.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .pipe(z.array(z.string()).max(MENTORING_LIMITS.topicsMax, MENTORING_MESSAGES.topicsMax));

/** Body of PUT /api/mentoring/profile/ (every field optional: what is sent changes). */
export const updateMentorProfileRequestSchema = z
  .object({
    is_mentor: z.boolean().optional(),
    topics: mentoringTopicsSchema.optional(),
    capacity: z.coerce
      .number({ error: 'A valid integer is required.' })
      .int('A valid integer is required.')
      .min(MENTORING_LIMITS.capacityMin, `Ensure this value is greater than or equal to ${MENTORING_LIMITS.capacityMin}.`)
      .max(MENTORING_LIMITS.capacityMax, `Ensure this value is less than or equal to ${MENTORING_LIMITS.capacityMax}.`)
      .optional(),
    about: z.string().trim().max(MENTORING_LIMITS.aboutMax, tooLong(MENTORING_LIMITS.aboutMax)).optional(),
    accepting: z.boolean().optional(),
  })
  .strict();
export type UpdateMentorProfileRequest = z.input<typeof updateMentorProfileRequestSchema>;
export type UpdateMentorProfileFields = z.output<typeof updateMentorProfileRequestSchema>;

/** The caller's mentor profile (defaults when they never set one). */
export const mentorProfileSchema = z.object({
  is_mentor: z.boolean(),
  topics: z.array(z.string()),
  /** How many mentees at once, 1..10. */
  capacity: z.number().int(),
  /** "How I can help". */
  about: z.string(),
  /** False pauses new requests. */
  accepting: z.boolean(),
  /** Active mentorships now. */
  active_count: z.number().int(),
});
export type MentorProfile = z.infer<typeof mentorProfileSchema>;

/** Query of GET /api/mentoring/mentors/: a topic (whole value, any case) and a name substring. */
export const mentorsQuerySchema = pageQuerySchema.extend({
  topic: z.string().trim().max(MENTORING_LIMITS.topicMax).optional(),
  q: z.string().trim().max(MENTORING_LIMITS.nameQueryMax).optional(),
});
export type MentorsQuery = z.input<typeof mentorsQuerySchema>;

/** A mentor of the list: the person's summary (id is the person's) and their mentoring card. */
export const mentorSchema = userSummarySchema.extend({
  company: z.string(),
  job_title: z.string(),
  topics: z.array(z.string()),
  capacity: z.number().int(),
  active_count: z.number().int(),
  about: z.string(),
  /** The viewer's pending or active mentorship with this mentor, or null: the card shows "Requested" instead of a 409. */
  my_request: z.object({ id: z.number().int(), status: z.enum(['pending', 'active']) }).nullable(),
});
export type Mentor = z.infer<typeof mentorSchema>;
export const mentorPageSchema = paginated(mentorSchema);
export type MentorPage = z.infer<typeof mentorPageSchema>;

/** Body of POST /api/mentoring/requests/. */
export const createMentorshipRequestSchema = z.object({
  mentor_id: idSchema,
  topic: mentoringTopicSchema,
  message: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(MENTORING_LIMITS.messageMax, tooLong(MENTORING_LIMITS.messageMax)),
});
export type CreateMentorshipRequest = z.input<typeof createMentorshipRequestSchema>;
export type CreateMentorshipFields = z.output<typeof createMentorshipRequestSchema>;

/** Body of POST /api/mentoring/requests/{id}/decline/. */
export const declineMentorshipRequestSchema = z
  .object({ reason: z.string().trim().max(MENTORING_LIMITS.reasonMax, tooLong(MENTORING_LIMITS.reasonMax)).optional() })
  .default({});
export type DeclineMentorshipRequest = z.input<typeof declineMentorshipRequestSchema>;

/** GET /api/mentoring/requests/?as=mentor|mentee&status= (both sides when `as` is absent). */
export const mentorshipsQuerySchema = pageQuerySchema.extend({
  as: z.enum(['mentor', 'mentee'], { error: (issue) => notAChoice(issue.input) }).optional(),
  status: z.enum(MENTORSHIP_STATUSES, { error: (issue) => notAChoice(issue.input) }).optional(),
});
export type MentorshipsQuery = z.input<typeof mentorshipsQuerySchema>;

/** A mentorship request and what became of it. */
export const mentorshipSchema = z.object({
  id: z.number().int(),
  status: mentorshipStatusSchema,
  topic: z.string(),
  message: z.string(),
  /** The mentor's reason when declined, else null. */
  decline_reason: z.string().nullable(),
  /** Null once that person deleted their account. */
  mentor: userSummarySchema.nullable(),
  mentee: userSummarySchema.nullable(),
  /** The pair's conversation, once accepted. */
  conversation_id: z.number().int().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  updated_at: z.string(),
});
export type Mentorship = z.infer<typeof mentorshipSchema>;
export const mentorshipPageSchema = paginated(mentorshipSchema);
export type MentorshipPage = z.infer<typeof mentorshipPageSchema>;

/** Counts of mentorships (the outcomes answer's `mentorships` block). */
export const mentorshipCountsSchema = z.object({
  /** Every request ever made in the period. */
  requested: z.number().int(),
  pending: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  declined: z.number().int(),
  cancelled: z.number().int(),
});
export type MentorshipCounts = z.infer<typeof mentorshipCountsSchema>;

/** GET /api/admin/mentoring/. */
export const adminMentoringSchema = z.object({
  counts: mentorshipCountsSchema,
  /** The 10 most asked-for topics (by requests), with how many mentors offer each. */
  top_topics: z.array(z.object({ topic: z.string(), requests: z.number().int(), mentors: z.number().int() })),
  /** Mentors by load (fullest first), at most 50. */
  mentors: z.array(
    userSummarySchema.extend({
      topics: z.array(z.string()),
      capacity: z.number().int(),
      active_count: z.number().int(),
      pending_count: z.number().int(),
      accepting: z.boolean(),
    }),
  ),
  mentor_total: z.number().int(),
});
export type AdminMentoring = z.infer<typeof adminMentoringSchema>;
