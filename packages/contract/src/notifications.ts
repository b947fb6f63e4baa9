import { z } from 'zod';
import { idSchema, LIMITS, paginated } from './common';
import { userSummarySchema } from './users';

/** Why a notification was made. */
export const NOTIFICATION_TYPES = [
  'post_liked',
  'post_commented',
  'message',
  'post_removed',
  'role_changed',
  /** An admin decided your appeal of a removed post (the reply is the reason). */
  'appeal_decided',
  'mentoring_requested',
  'mentoring_accepted',
  'mentoring_declined',
  'mentoring_cancelled',
  'mentoring_completed',
  /** Someone asked for a referral on your offer. */
  'referral_requested',
  /** A referral request of yours (or on your offer, when withdrawn) changed status. */
  'referral_status_changed',
  /** A place opened up at an event you were waitlisted for: you are registered now. */
  'event_promoted',
  /** Your cohort moved you on (trainee to intern, or to alumni) on its date. */
  'lifecycle',
  /** Someone named you (@username) in a post or a comment you may see. */
  'mention',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** One in-app notification of the signed-in person. */
export const notificationSchema = z.object({
  id: z.number().int(),
  type: notificationTypeSchema,
  /** Who caused it (liker, commenter, sender); null for moderation and role changes. */
  actor: userSummarySchema.nullable(),
  post_id: z.number().int().nullable(),
  conversation_id: z.number().int().nullable(),
  /** Ready-to-show sentence, e.g. 'Alex Morgan liked your post.' */
  text: z.string(),
  /** The moderation reason of a removed post (one of DELETION_REASONS), else null; for appeal_decided, the decision (upheld or restored). */
  reason: z.string().nullable(),
  read: z.boolean(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Newest first, cursor-paginated, with the caller's total of unread notifications. */
export const notificationPageSchema = paginated(notificationSchema).extend({ unread_count: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** Body of POST /social/notifications/read/: some ids, or `{all: true}`. */
export const markNotificationsReadRequestSchema = z
  .object({
    ids: z.array(idSchema).min(1).max(LIMITS.pageMax).optional(),
    all: z.literal(true).optional(),
  })
  .refine((body) => body.ids !== undefined || body.all === true, { message: 'Give ids or all: true.' });
export type MarkNotificationsReadRequest = z.input<typeof markNotificationsReadRequestSchema>;

/** Answer of POST /social/notifications/read/. */
export const unreadCountSchema = z.object({ unread_count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
