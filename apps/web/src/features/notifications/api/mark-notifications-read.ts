import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unreadCountSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';
import { markReadInCache } from './notifications-cache';

/** Body of POST /social/notifications/read/ (the contract's schema, with ids as numbers). */
export type MarkReadRequest = { ids: number[]; all?: never } | { all: true; ids?: never };

export function markNotificationsRead(request: MarkReadRequest) {
  return api.post('/social/notifications/read/', request, { schema: unreadCountSchema });
}

/** Marks some notifications (or all) read; the badge drops at once and then takes the server's total. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: (request) => markReadInCache(queryClient, request.all ? null : request.ids),
    onSuccess: ({ unread_count }, request) => markReadInCache(queryClient, request.all ? null : request.ids, unread_count),
    onError: (error) => {
      console.warn('Failed to mark notifications read', error);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
