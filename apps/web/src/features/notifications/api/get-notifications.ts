import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { notificationPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export function getNotificationsPage({ cursor, signal }: { cursor: string | null; signal?: AbortSignal }) {
  return api.get('/social/notifications/', { schema: notificationPageSchema, query: { cursor }, signal });
}

/** The signed-in person's notifications, newest first; every page carries the unread total. */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) => getNotificationsPage({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
