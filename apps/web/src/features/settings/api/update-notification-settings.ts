import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationSettingsSchema, type NotificationSettings, type UpdateNotificationSettingsRequest } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { settingsKeys } from './get-settings';
import { notificationSettingsKey } from './get-notification-settings';

/** PUT /social/settings/notifications/: saves the given types; the answer is every type's choice. */
export function updateNotificationSettings(body: UpdateNotificationSettingsRequest): Promise<NotificationSettings> {
  return api.put('/social/settings/notifications/', body, { schema: notificationSettingsSchema });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(notificationSettingsKey(), saved);
      // The settings page's single notification setting is read from these choices.
      await queryClient.invalidateQueries({ queryKey: settingsKeys.mine() });
    },
  });
}
