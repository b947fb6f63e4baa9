import { z } from 'zod';
import type { NotificationType } from './notifications';
import type { NotificationChannel } from './settings';

/** What a person chooses notifications by (Settings → Notifications rows). */
export const NOTIFICATION_CATEGORIES = [
  'like',
  'comment',
  'message',
  'referral',
  'mentoring',
  'event',
  'moderation',
  'lifecycle',
  'mention',
] as const;
export const notificationCategorySchema = z.enum(NOTIFICATION_CATEGORIES);
export type NotificationCategory = z.infer<typeof notificationCategorySchema>;

/** How notifications of a category reach the inbox: never, one e-mail each, or in a digest. */
export const EMAIL_FREQUENCIES = ['off', 'instant', 'daily', 'weekly'] as const;
export const emailFrequencySchema = z.enum(EMAIL_FREQUENCIES);
export type EmailFrequency = z.infer<typeof emailFrequencySchema>;

/** The digest frequencies (POST /api/admin/digests/run/). */
export const DIGEST_FREQUENCIES = ['daily', 'weekly'] as const;
export const digestFrequencySchema = z.enum(DIGEST_FREQUENCIES);
export type DigestFrequency = z.infer<typeof digestFrequencySchema>;

/**
 * The category of every notification type: the ONE place a new notification type is mapped
 * (add the type to NOTIFICATION_TYPES, then a line here; the compiler asks for it).
 */
const CATEGORY_OF: Record<NotificationType, NotificationCategory> = {
  post_liked: 'like',
  post_commented: 'comment',
  message: 'message',
  post_removed: 'moderation',
  role_changed: 'moderation',
  appeal_decided: 'moderation',
  mentoring_requested: 'mentoring',
  mentoring_accepted: 'mentoring',
  mentoring_declined: 'mentoring',
  mentoring_cancelled: 'mentoring',
  mentoring_completed: 'mentoring',
  referral_requested: 'referral',
  referral_status_changed: 'referral',
  event_promoted: 'event',
  lifecycle: 'lifecycle',
  mention: 'mention',
};

export function notificationCategoryOf(type: NotificationType): NotificationCategory {
  return CATEGORY_OF[type];
}

/** Labels of the settings table and of digest groups. */
export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = {
  like: 'Likes',
  comment: 'Comments',
  message: 'Messages',
  referral: 'Referrals',
  mentoring: 'Mentoring',
  event: 'Events',
  moderation: 'Moderation',
  lifecycle: 'Role changes by cohort',
  mention: 'Mentions',
};

export const EMAIL_FREQUENCY_LABELS: Record<EmailFrequency, string> = {
  off: 'Off',
  instant: 'Instantly',
  daily: 'Daily',
  weekly: 'Weekly',
};

/** One category's choice. */
export const notificationPreferenceSchema = z.object({
  /** Shown in the bell (and pushed live). */
  in_app: z.boolean(),
  email: emailFrequencySchema,
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

const preferenceShape = Object.fromEntries(NOTIFICATION_CATEGORIES.map((category) => [category, notificationPreferenceSchema])) as Record<
  NotificationCategory,
  typeof notificationPreferenceSchema
>;

/** GET /social/settings/notifications/ and the answer of PUT: every category's choice. */
export const notificationSettingsSchema = z.object({ types: z.object(preferenceShape) });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Body of PUT /social/settings/notifications/: any categories, any of their two fields; the rest stays. */
export const updateNotificationSettingsRequestSchema = z.object({
  types: z.strictObject(
    Object.fromEntries(NOTIFICATION_CATEGORIES.map((category) => [category, notificationPreferenceSchema.partial().optional()])) as Record<
      NotificationCategory,
      z.ZodOptional<ReturnType<typeof notificationPreferenceSchema.partial>>
    >,
  ),
});
export type UpdateNotificationSettingsRequest = z.input<typeof updateNotificationSettingsRequestSchema>;

/** Until a person chooses: messages, referral changes and mentoring e-mailed at once; likes only in the app. */
export const DEFAULT_NOTIFICATION_PREFERENCES: Record<NotificationCategory, NotificationPreference> = {
  like: { in_app: true, email: 'off' },
  comment: { in_app: true, email: 'daily' },
  message: { in_app: true, email: 'instant' },
  referral: { in_app: true, email: 'instant' },
  mentoring: { in_app: true, email: 'instant' },
  event: { in_app: true, email: 'daily' },
  moderation: { in_app: true, email: 'instant' },
  lifecycle: { in_app: true, email: 'instant' },
  mention: { in_app: true, email: 'daily' },
};

/**
 * The specification's single setting read from the table: 'Email' when any category is e-mailed,
 * 'In-App' when none is (docs/decisions/015-notification-settings.md).
 */
export function notificationChannelOf(types: Record<NotificationCategory, NotificationPreference>): NotificationChannel {
  return NOTIFICATION_CATEGORIES.some((category) => types[category].email !== 'off') ? 'Email' : 'In-App';
}

/**
 * The e-mail choices the single setting writes: 'In-App' turns every e-mail off; 'Email' gives
 * each category that has none its default, or the daily digest where the default is off (likes).
 */
export function emailChoicesForChannel(
  channel: NotificationChannel,
  types: Record<NotificationCategory, NotificationPreference>,
): Partial<Record<NotificationCategory, EmailFrequency>> {
  const changes: Partial<Record<NotificationCategory, EmailFrequency>> = {};
  for (const category of NOTIFICATION_CATEGORIES) {
    const current = types[category].email;
    if (channel === 'In-App' && current !== 'off') changes[category] = 'off';
    if (channel === 'Email' && current === 'off') {
      const fallback = DEFAULT_NOTIFICATION_PREFERENCES[category].email;
      changes[category] = fallback === 'off' ? 'daily' : fallback;
    }
  }
  return changes;
}

/** GET /api/unsubscribe/?token=: what the signed link stops (no sign-in needed). */
export const unsubscribeInfoSchema = z.object({
  /** The categories the link turns e-mail off for. */
  categories: z.array(notificationCategorySchema),
  /** The recipient's address, partly hidden (a.***@example.com). */
  email: z.string(),
  /** True once none of those categories is e-mailed any more. */
  unsubscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

/** Query string of GET/POST /api/unsubscribe/. */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(500) });

/** Body of POST /api/admin/digests/run/. */
export const runDigestsRequestSchema = z.object({ frequency: digestFrequencySchema });
export type RunDigestsRequest = z.input<typeof runDigestsRequestSchema>;
export const runDigestsResponseSchema = z.object({
  /** Digests queued in the mail outbox by this run. */
  sent: z.number().int(),
});
export type RunDigestsResponse = z.infer<typeof runDigestsResponseSchema>;
