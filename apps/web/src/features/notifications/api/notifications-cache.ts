import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationPage } from '@alumlink/contract';
import { notificationKeys } from './keys';

type NotificationPages = InfiniteData<NotificationPage, string | null>;

/** The unread total lives on the first page (the newest answer of the server). */
export function unreadCountOf(data: { pages: NotificationPage[] } | undefined): number {
  return data?.pages[0]?.unread_count ?? 0;
}

function setUnreadCount(data: NotificationPages, unreadCount: number): NotificationPages {
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, unread_count: Math.max(0, unreadCount) }, ...rest] };
}

/** `notification.created`: the new one on top, one more unread. */
export function prependNotification(queryClient: QueryClient, notification: Notification): void {
  const data = queryClient.getQueryData<NotificationPages>(notificationKeys.list());
  if (!data) {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    return;
  }
  if (data.pages.some((page) => page.results.some((item) => item.id === notification.id))) return;
  const [first, ...rest] = data.pages;
  if (!first) return;
  const withNew: NotificationPages = { ...data, pages: [{ ...first, results: [notification, ...first.results] }, ...rest] };
  queryClient.setQueryData<NotificationPages>(
    notificationKeys.list(),
    setUnreadCount(withNew, first.unread_count + (notification.read ? 0 : 1)),
  );
}

/** Marks notifications read in the cache (`ids` null: all) and takes the server's new total when known. */
export function markReadInCache(queryClient: QueryClient, ids: number[] | null, unreadCount?: number): void {
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(), (data) => {
    if (!data) return data;
    const isTarget = (item: Notification) => ids === null || ids.includes(item.id);
    let newlyRead = 0;
    const pages = data.pages.map((page) => ({
      ...page,
      results: page.results.map((item) => {
        if (item.read || !isTarget(item)) return item;
        newlyRead += 1;
        return { ...item, read: true };
      }),
    }));
    const next = { ...data, pages };
    return setUnreadCount(next, unreadCount ?? (ids === null ? 0 : unreadCountOf(data) - newlyRead));
  });
}

/**
 * A conversation was read: the server marked its message notifications read too, without an
 * event of their own, so the cache follows here.
 */
export function markConversationNotificationsReadInCache(queryClient: QueryClient, conversationId: number): void {
  const data = queryClient.getQueryData<NotificationPages>(notificationKeys.list());
  const ids = data?.pages
    .flatMap((page) => page.results)
    .filter((item) => !item.read && item.type === 'message' && item.conversation_id === conversationId)
    .map((item) => item.id);
  if (ids && ids.length > 0) markReadInCache(queryClient, ids);
}

/** After the live connection was lost. */
export function invalidateNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}
