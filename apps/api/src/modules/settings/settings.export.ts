import { notificationChannelOf } from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import { userSettings } from '../../db/schema/index';
import type { ExportSection } from '../../lib/data-export/section';
import { notificationPreferencesOf } from '../notifications/preferences.service';
import { presentFieldPrivacy } from './field-privacy.service';
import { presentSettings } from './settings.presenter';

/** settings.json: appearance, privacy of each field and notification choices. */
export const settingsExport: ExportSection = {
  file: 'settings.json',
  tables: ['user_settings.user_id', 'notification_preferences.user_id'],
  kind: 'object',
  collect: async (db, personId) => {
    const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, personId));
    const notifications = await notificationPreferencesOf(db, personId);
    return {
      ...presentSettings(row ?? null, notificationChannelOf(notifications)),
      privacy: presentFieldPrivacy(row ?? null),
      notifications,
    };
  },
};
