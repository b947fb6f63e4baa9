import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsSchema, type Settings, type UpdateSettingsRequest } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { notificationSettingsKey } from './get-notification-settings';
import { settingsKeys } from './get-settings';

/** PUT /social/settings/: saves the given fields; the answer is the whole new settings. */
export function updateSettings(body: UpdateSettingsRequest): Promise<Settings> {
  return api.put('/social/settings/', body, { schema: settingsSchema });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: async (settings) => {
      queryClient.setQueryData(settingsKeys.mine(), settings);
      // Its single notification setting may have rewritten the per-type e-mail choices.
      await queryClient.invalidateQueries({ queryKey: notificationSettingsKey() });
    },
  });
}
