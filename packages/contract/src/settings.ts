import { z } from 'zod';
import { LIMITS } from './common';

export const THEMES = ['Default', 'Blue', 'Dark', 'Light'] as const;
export const themeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof themeSchema>;

/** Private: only you (and admins); Only Connections: your connections (you both wrote in your conversation, or an accepted mentorship). */
export const PROFILE_VISIBILITIES = ['Public', 'Private', 'Only Connections'] as const;
export const profileVisibilitySchema = z.enum(PROFILE_VISIBILITIES);
export type ProfileVisibility = z.infer<typeof profileVisibilitySchema>;

export const DASHBOARD_LAYOUTS = ['Grid', 'List', 'Compact'] as const;
export const dashboardLayoutSchema = z.enum(DASHBOARD_LAYOUTS);
export type DashboardLayout = z.infer<typeof dashboardLayoutSchema>;

/** Notification types that can be chosen; the settings page also shows SMS, refused for now. */
export const NOTIFICATION_CHANNELS = ['In-App', 'Email'] as const;
/** Every option the settings page shows (SMS is answered with SETTINGS_MESSAGES.smsUnavailable). */
export const NOTIFICATION_CHANNEL_OPTIONS = ['In-App', 'Email', 'SMS'] as const;
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

export const SETTINGS_MESSAGES = {
  smsUnavailable: 'SMS notifications are not available yet.',
} as const;

/** Widgets of the dashboard side panel. */
export const settingsWidgetsSchema = z.object({
  analytics: z.boolean(),
  recent_activity: z.boolean(),
  upcoming_events: z.boolean(),
  job_alerts: z.boolean(),
});
export type SettingsWidgets = z.infer<typeof settingsWidgetsSchema>;

/** GET /social/settings/ and the answer of PUT: the caller's settings (defaults until first saved). */
export const settingsSchema = z.object({
  theme: themeSchema,
  profile_visibility: profileVisibilitySchema,
  dashboard_layout: dashboardLayoutSchema,
  /** Off: you do not appear in others' recent activity. */
  activity_tracking: z.boolean(),
  /** On: signing in also asks for a code sent by e-mail. */
  two_factor: z.boolean(),
  /**
   * The specification's single choice, read from Settings → Notifications: 'Email' when any
   * category is e-mailed (see notificationChannelOf); saving it rewrites their e-mail choices.
   */
  notification_type: notificationChannelSchema,
  /** Off: you are left out of the alumni directory (still findable by people search). */
  listed_in_directory: z.boolean(),
  widgets: settingsWidgetsSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  theme: 'Default',
  profile_visibility: 'Public',
  dashboard_layout: 'Grid',
  activity_tracking: true,
  two_factor: false,
  // Messages, referrals, mentoring and moderation are e-mailed by default (DEFAULT_NOTIFICATION_PREFERENCES).
  notification_type: 'Email',
  listed_in_directory: true,
  widgets: { analytics: true, recent_activity: true, upcoming_events: true, job_alerts: false },
};

/** Accepts SMS as an input (the page offers it) and answers it with a field error. */
const notificationChannelInputSchema = z.enum(NOTIFICATION_CHANNEL_OPTIONS).transform((value, ctx): NotificationChannel => {
  if (value === 'SMS') {
    ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.smsUnavailable });
    return z.NEVER;
  }
  return value;
});

/** Body of PUT /social/settings/: any subset of the fields (and of the widgets); the rest stays. */
export const updateSettingsRequestSchema = z.object({
  theme: themeSchema.optional(),
  profile_visibility: profileVisibilitySchema.optional(),
  dashboard_layout: dashboardLayoutSchema.optional(),
  activity_tracking: z.boolean().optional(),
  two_factor: z.boolean().optional(),
  notification_type: notificationChannelInputSchema.optional(),
  listed_in_directory: z.boolean().optional(),
  widgets: settingsWidgetsSchema.partial().optional(),
  /** Required (and checked) to turn two-factor off; ignored otherwise and never stored. */
  current_password: z.string().max(LIMITS.passwordMax).optional(),
});
export type UpdateSettingsRequest = z.input<typeof updateSettingsRequestSchema>;

/** Who may see one field of your profile (DESIGN 8.4). */
export const FIELD_AUDIENCES = ['everyone', 'connections', 'only_me'] as const;
export const fieldAudienceSchema = z.enum(FIELD_AUDIENCES);
export type FieldAudience = z.infer<typeof fieldAudienceSchema>;

/** The fields each person chooses an audience for. */
export const PRIVATE_FIELDS = ['email', 'phone', 'company', 'location', 'cohort_year', 'skills'] as const;
export type PrivateField = (typeof PRIVATE_FIELDS)[number];

/** GET /social/settings/privacy/ and the answer of PUT: each field's audience. */
export const fieldPrivacySchema = z.object({
  email: fieldAudienceSchema,
  phone: fieldAudienceSchema,
  company: fieldAudienceSchema,
  location: fieldAudienceSchema,
  cohort_year: fieldAudienceSchema,
  skills: fieldAudienceSchema,
});
export type FieldPrivacy = z.infer<typeof fieldPrivacySchema>;

/** Until you choose: the phone number only for you, the rest for everyone who may see your profile. */
export const DEFAULT_FIELD_PRIVACY: FieldPrivacy = {
  email: 'everyone',
  phone: 'only_me',
  company: 'everyone',
  location: 'everyone',
  cohort_year: 'everyone',
  skills: 'everyone',
};

/** Body of PUT /social/settings/privacy/: any subset of the fields; the rest stays. */
export const updateFieldPrivacyRequestSchema = fieldPrivacySchema.partial();
export type UpdateFieldPrivacyRequest = z.input<typeof updateFieldPrivacyRequestSchema>;
