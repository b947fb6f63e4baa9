import { infiniteQueryOptions, useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { messagePageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { cachedUnreadCount, markConversationReadInCache } from './messaging-cache';
import { messagingKeys } from './keys';

function messagesPath(conversationId: number): string {
  return `/social/conversations/${conversationId}/messages/`;
}

export function getMessagesPage({
  conversationId,
  cursor,
  signal,
}: {
  conversationId: number;
  cursor: string | null;
  signal?: AbortSignal;
}) {
  return api.get(messagesPath(conversationId), { schema: messagePageSchema, query: { cursor }, signal });
}

/**
 * A thread, newest page first (`next` goes back in time). Reading the newest page marks the
 * conversation read on the server, so the list's unread badge is cleared right away.
 */
export const messagesQueryOptions = (queryClient: QueryClient, conversationId: number) =>
  infiniteQueryOptions({
    queryKey: messagingKeys.messages(conversationId),
    queryFn: async ({ pageParam, signal }) => {
      const page = await getMessagesPage({ conversationId, cursor: pageParam, signal });
      if (pageParam === null) markConversationReadInCache(queryClient, conversationId);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useMessages(conversationId: number) {
  const queryClient = useQueryClient();
  return useInfiniteQuery(messagesQueryOptions(queryClient, conversationId));
}

/** Marks a conversation read (reading its newest message does), e.g. when a message arrives in the open thread. */
export async function markConversationSeen(queryClient: QueryClient, conversationId: number): Promise<void> {
  await api.get(messagesPath(conversationId), { schema: messagePageSchema, query: { limit: 1 } });
  markConversationReadInCache(queryClient, conversationId);
}

/** Back on a thread (e.g. the tab became visible again): marks it read when it has unread messages. */
export async function markConversationSeenIfUnread(queryClient: QueryClient, conversationId: number): Promise<void> {
  if (cachedUnreadCount(queryClient, conversationId) > 0) await markConversationSeen(queryClient, conversationId);
}
