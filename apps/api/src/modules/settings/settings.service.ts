import { emailChoicesForChannel, notificationChannelOf, type Settings, type updateSettingsRequestSchema } from '@alumlink/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { requireCurrentPassword } from '../account/account.service';
import { notificationPreferencesOf, saveEmailChoices } from '../notifications/preferences.service';
import { presentSettings } from './settings.presenter';
import { findSettings, upsertSettings, type SettingsChanges } from './settings.repository';

export type SettingsUpdate = z.output<typeof updateSettingsRequestSchema>;

/** The caller's settings; the defaults until they save any. */
export async function getOwnSettings(ctx: AppContext, user: AuthUser): Promise<Settings> {
  const channel = notificationChannelOf(await notificationPreferencesOf(ctx.db, user.id));
  return presentSettings(await findSettings(ctx.db, user.id), channel);
}

function changesFrom(update: SettingsUpdate): SettingsChanges {
  const changes: SettingsChanges = {};
  if (update.theme !== undefined) changes.theme = update.theme;
  if (update.profile_visibility !== undefined) changes.profileVisibility = update.profile_visibility;
  if (update.dashboard_layout !== undefined) changes.dashboardLayout = update.dashboard_layout;
  if (update.activity_tracking !== undefined) changes.activityTracking = update.activity_tracking;
  if (update.two_factor !== undefined) changes.twoFactor = update.two_factor;
  if (update.listed_in_directory !== undefined) changes.listedInDirectory = update.listed_in_directory;
  const widgets = update.widgets ?? {};
  if (widgets.analytics !== undefined) changes.widgetAnalytics = widgets.analytics;
  if (widgets.recent_activity !== undefined) changes.widgetRecentActivity = widgets.recent_activity;
  if (widgets.upcoming_events !== undefined) changes.widgetUpcomingEvents = widgets.upcoming_events;
  if (widgets.job_alerts !== undefined) changes.widgetJobAlerts = widgets.job_alerts;
  return changes;
}

/**
 * Saves the given fields of the caller's settings (there is no way to name another person).
 * Turning two-factor off needs `current_password` (else a 400 and nothing changes), so a stolen
 * access token cannot remove the second factor; turning it on needs none.
 */
export async function updateOwnSettings(ctx: AppContext, user: AuthUser, update: SettingsUpdate): Promise<Settings> {
  const changes = changesFrom(update);
  if (changes.twoFactor === false && (await isTwoFactorEnabled(ctx, user.id))) {
    await requireCurrentPassword(ctx, user.id, update.current_password);
  }
  // The single notification setting is Settings → Notifications seen from afar: saving it
  // rewrites the categories' e-mail choices (docs/decisions/015-notification-settings.md).
  // Only a change counts: the settings page sends every field, and saving the theme must not
  // undo choices made in Settings → Notifications.
  if (update.notification_type !== undefined) {
    const current = await notificationPreferencesOf(ctx.db, user.id);
    if (notificationChannelOf(current) !== update.notification_type) {
      await saveEmailChoices(ctx, user.id, emailChoicesForChannel(update.notification_type, current));
    }
  }
  if (Object.keys(changes).length > 0) await upsertSettings(ctx.db, user.id, changes, new Date());
  return getOwnSettings(ctx, user);
}

/** True when the person turned two-factor sign-in on (auth module). */
export async function isTwoFactorEnabled(ctx: AppContext, userId: number): Promise<boolean> {
  return (await findSettings(ctx.db, userId))?.twoFactor ?? false;
}
