import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { conversationPageSchema, type Conversation } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { messagingKeys } from './keys';

export function getConversationsPage({ cursor, signal }: { cursor: string | null; signal?: AbortSignal }) {
  return api.get('/social/conversations/', { schema: conversationPageSchema, query: { cursor }, signal });
}

/** The signed-in person's conversations, most recently active first. */
export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: messagingKeys.conversations(),
    queryFn: ({ pageParam, signal }) => getConversationsPage({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useConversations() {
  return useInfiniteQuery(conversationsQueryOptions());
}

/** How many loaded conversations have unread messages (the messages button's number). */
export function useUnreadConversationCount(): number {
  const { data } = useInfiniteQuery({
    ...conversationsQueryOptions(),
    select: (pages) =>
      pages.pages.reduce((total, page) => total + page.results.filter((item: Conversation) => item.unread_count > 0).length, 0),
  });
  return data ?? 0;
}
