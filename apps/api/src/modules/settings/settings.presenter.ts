import {
  DEFAULT_SETTINGS,
  dashboardLayoutSchema,
  profileVisibilitySchema,
  themeSchema,
  type NotificationChannel,
  type Settings,
} from '@alumlink/contract';
import type { UserSettingsRow } from '../../db/schema/index';

/**
 * A settings row (or none: the defaults) and the single notification channel read from
 * Settings → Notifications → the contract's shape. Check constraints keep the texts valid.
 */
export function presentSettings(row: UserSettingsRow | null, notificationType: NotificationChannel): Settings {
  if (!row) return { ...DEFAULT_SETTINGS, notification_type: notificationType };
  return {
    theme: themeSchema.catch(DEFAULT_SETTINGS.theme).parse(row.theme),
    profile_visibility: profileVisibilitySchema.catch(DEFAULT_SETTINGS.profile_visibility).parse(row.profileVisibility),
    dashboard_layout: dashboardLayoutSchema.catch(DEFAULT_SETTINGS.dashboard_layout).parse(row.dashboardLayout),
    activity_tracking: row.activityTracking,
    two_factor: row.twoFactor,
    notification_type: notificationType,
    listed_in_directory: row.listedInDirectory,
    widgets: {
      analytics: row.widgetAnalytics,
      recent_activity: row.widgetRecentActivity,
      upcoming_events: row.widgetUpcomingEvents,
      job_alerts: row.widgetJobAlerts,
    },
  };
}
