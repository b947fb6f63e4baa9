import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationSettingsSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { settingsKeys } from './get-settings';

export const notificationSettingsKey = () => [...settingsKeys.all, 'notifications'] as const;

/** GET /social/settings/notifications/: every notification type's in-app and e-mail choice. */
export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsKey(),
    queryFn: ({ signal }) => api.get('/social/settings/notifications/', { schema: notificationSettingsSchema, signal }),
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
