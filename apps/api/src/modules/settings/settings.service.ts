import type { Settings, updateSettingsRequestSchema } from '@alumlink/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../lib/auth';
import { requireCurrentPassword } from '../account/account.service';
import { presentSettings } from './settings.presenter';
import { findSettings, upsertSettings, type SettingsChanges } from './settings.repository';

export type SettingsUpdate = z.output<typeof updateSettingsRequestSchema>;

/** The caller's settings; the defaults until they save any. */
export async function getOwnSettings(db: Executor, user: AuthUser): Promise<Settings> {
  return presentSettings(await findSettings(db, user.id));
}

function changesFrom(update: SettingsUpdate): SettingsChanges {
  const changes: SettingsChanges = {};
  if (update.theme !== undefined) changes.theme = update.theme;
  if (update.profile_visibility !== undefined) changes.profileVisibility = update.profile_visibility;
  if (update.dashboard_layout !== undefined) changes.dashboardLayout = update.dashboard_layout;
  if (update.activity_tracking !== undefined) changes.activityTracking = update.activity_tracking;
  if (update.two_factor !== undefined) changes.twoFactor = update.two_factor;
  if (update.notification_type !== undefined) changes.notificationType = update.notification_type;
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
export async function updateOwnSettings(db: Executor, user: AuthUser, update: SettingsUpdate): Promise<Settings> {
  const changes = changesFrom(update);
  if (Object.keys(changes).length === 0) return getOwnSettings(db, user);
  if (changes.twoFactor === false && (await isTwoFactorEnabled(db, user.id))) {
    await requireCurrentPassword(db, user.id, update.current_password);
  }
  return presentSettings(await upsertSettings(db, user.id, changes, new Date()));
}

/** True when the person turned two-factor sign-in on (auth module). */
export async function isTwoFactorEnabled(db: Executor, userId: number): Promise<boolean> {
  return (await findSettings(db, userId))?.twoFactor ?? false;
}
