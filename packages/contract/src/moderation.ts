import { z } from 'zod';
import { DELETION_REASONS, pageQuerySchema, paginated, REQUIRED, notAChoice } from './common';
import { userSummarySchema } from './users';

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
const tooShort = (min: number) => `Ensure this field has at least ${min} characters.`;

/** z.enum with DRF messages: 'This field is required.' or '"x" is not a valid choice.' */
function choiceSchema<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: (issue) => (issue.input === undefined ? REQUIRED : notAChoice(issue.input)) });
}

/** Why a member reports a post: the five moderation reasons, plus harassment. */
export const REPORT_REASONS = [...DELETION_REASONS, 'Harassment or hate'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const MODERATION_LIMITS = {
  reportNoteMax: 1_000,
  appealTextMin: 10,
  appealTextMax: 2_000,
  replyMax: 2_000,
  /** An author may appeal a moderator's removal for this many days. */
  appealDays: 30,
} as const;

export const MODERATION_MESSAGES = {
  reported: 'Thank you. The moderators will review this post.',
  alreadyReported: 'You have already reported this post.',
  ownPost: 'You cannot report your own post.',
  noOpenReports: 'This post has no open reports.',
  dismissed: 'Reports dismissed.',
  notAppealable: 'Post not found.',
  alreadyAppealed: 'You have already appealed this decision.',
  appealWindowClosed: `Appeals are accepted within ${MODERATION_LIMITS.appealDays} days of the removal.`,
  appealNotFound: 'Appeal not found.',
  alreadyDecided: 'This appeal has already been decided.',
} as const;

// ---------- reports ----------

/** Body of POST /social/posts/{id}/report/. */
export const reportPostRequestSchema = z.object({
  reason: choiceSchema(REPORT_REASONS),
  /** Optional context for the moderators (trimmed; empty is none). */
  note: z.string().trim().max(MODERATION_LIMITS.reportNoteMax, tooLong(MODERATION_LIMITS.reportNoteMax)).optional(),
});
export type ReportPostRequest = z.input<typeof reportPostRequestSchema>;

/** Answer of POST /social/posts/{id}/report/ (never names anyone). */
export const reportPostResponseSchema = z.object({ detail: z.string(), post_id: z.number().int(), reason: z.enum(REPORT_REASONS) });
export type ReportPostResponse = z.infer<typeof reportPostResponseSchema>;

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export const reportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

/** GET /social/admin/reports/: posts with reports of one status (open by default). */
export const reportQueueQuerySchema = pageQuerySchema.extend({ status: choiceSchema(REPORT_STATUSES).default('open') });
export type ReportQueueQuery = z.input<typeof reportQueueQuerySchema>;
export type ReportQueueFilter = z.output<typeof reportQueueQuerySchema>;

/** What a moderator sees of a post in a queue. `image` is null when the post has none or it is withheld. */
export const moderatedPostSchema = z.object({
  id: z.number().int(),
  user: userSummarySchema,
  caption: z.string(),
  image: z.string().nullable(),
  /**
   * True when the post has an image that is withheld (removed post): it is not served at /media/,
   * only to administrators at moderatedPostImagePath(id) (with their bearer token).
   */
  image_withheld: z.boolean(),
  /** ISO 8601. */
  created_at: z.string(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
});
export type ModeratedPost = z.infer<typeof moderatedPostSchema>;

/** One post of the reports queue: its reports of the status asked, grouped (reporters are never named). */
export const reportedPostSchema = z.object({
  post: moderatedPostSchema,
  /** Reports of the post with the status asked. */
  count: z.number().int(),
  /** Each reason given, with how many reports gave it, most frequent first. */
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** The latest notes (up to 3), without their authors. */
  notes: z.array(z.string()),
  /** ISO 8601 of the newest report. */
  latest_report_at: z.string(),
});
export type ReportedPost = z.infer<typeof reportedPostSchema>;

/** Most reported first, then the most recently reported; cursor-paginated. */
export const reportQueuePageSchema = paginated(reportedPostSchema);
export type ReportQueuePage = z.infer<typeof reportQueuePageSchema>;

/** Answer of POST /social/admin/reports/{id}/dismiss/. */
export const dismissReportsResponseSchema = z.object({ detail: z.string(), post_id: z.number().int(), dismissed: z.number().int() });
export type DismissReportsResponse = z.infer<typeof dismissReportsResponseSchema>;

// ---------- appeals ----------

/** Body of POST /social/moderation/{id}/appeal/. */
export const appealRequestSchema = z.object({
  text: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .min(MODERATION_LIMITS.appealTextMin, tooShort(MODERATION_LIMITS.appealTextMin))
    .max(MODERATION_LIMITS.appealTextMax, tooLong(MODERATION_LIMITS.appealTextMax)),
});
export type AppealRequest = z.input<typeof appealRequestSchema>;

export const APPEAL_STATUSES = ['open', 'upheld', 'restored'] as const;
export const appealStatusSchema = z.enum(APPEAL_STATUSES);
export type AppealStatus = z.infer<typeof appealStatusSchema>;

export const APPEAL_DECISIONS = ['upheld', 'restored'] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];

/** An appeal as its author reads it. */
export const appealSchema = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  text: z.string(),
  status: appealStatusSchema,
  /** The moderator's written answer once decided, else null. */
  reply: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601, or null while open. */
  decided_at: z.string().nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;

/** GET /social/moderation/{id}/: the author's own removed (or restored) post and its appeal. */
export const moderationCaseSchema = z.object({
  post_id: z.number().int(),
  caption: z.string(),
  /** The moderation reason (one of DELETION_REASONS). */
  reason: z.string(),
  /** ISO 8601 of the removal. */
  removed_at: z.string(),
  /** ISO 8601: the last moment an appeal is accepted. */
  appeal_deadline: z.string(),
  /** True while no appeal was made and the deadline has not passed. */
  can_appeal: z.boolean(),
  appeal: appealSchema.nullable(),
});
export type ModerationCase = z.infer<typeof moderationCaseSchema>;

/** GET /social/admin/appeals/: appeals of one status (open by default), oldest first. */
export const appealQueueQuerySchema = pageQuerySchema.extend({ status: choiceSchema(APPEAL_STATUSES).default('open') });
export type AppealQueueQuery = z.input<typeof appealQueueQuerySchema>;
export type AppealQueueFilter = z.output<typeof appealQueueQuerySchema>;

/** One appeal of the admin queue, with the removed post and why it was removed. */
export const adminAppealSchema = appealSchema.extend({
  post: moderatedPostSchema,
  reason: z.string(),
  /** ISO 8601 of the removal. */
  removed_at: z.string(),
});
export type AdminAppeal = z.infer<typeof adminAppealSchema>;

export const appealQueuePageSchema = paginated(adminAppealSchema);
export type AppealQueuePage = z.infer<typeof appealQueuePageSchema>;

/** GET of a moderated post's image, served or withheld (administrators only): the bytes. */
export const moderatedPostImagePath = (postId: number) => `/social/admin/posts/${postId}/image/`;

/** GET /social/admin/queue-counts/: what waits for a moderator (the admin navigation shows it). */
export const moderationQueueCountsSchema = z.object({
  /** Live posts with open reports (the rows of the open reports queue). */
  open_reports: z.number().int(),
  open_appeals: z.number().int(),
});
export type ModerationQueueCounts = z.infer<typeof moderationQueueCountsSchema>;

/** Body of POST /social/admin/appeals/{id}/decide/. */
export const decideAppealRequestSchema = z.object({
  decision: choiceSchema(APPEAL_DECISIONS),
  reply: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(MODERATION_LIMITS.replyMax, tooLong(MODERATION_LIMITS.replyMax)),
});
export type DecideAppealRequest = z.input<typeof decideAppealRequestSchema>;
