import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { eventMessagePageSchema, eventMessageSchema, type EventMessage, type EventMessagePage } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { eventKeys } from './get-events';

export const discussionKeys = {
  all: [...eventKeys.all, 'discussion'] as const,
  of: (eventId: number) => [...discussionKeys.all, eventId] as const,
};

/** Without a live connection (e.g. the public page), the discussion still catches up now and then. */
const FALLBACK_REFRESH_MS = 30_000;

export const eventDiscussionQueryOptions = (eventId: number) =>
  infiniteQueryOptions({
    queryKey: discussionKeys.of(eventId),
    queryFn: ({ pageParam, signal }) =>
      api.get(`/api/events/${eventId}/discussion/`, { schema: eventMessagePageSchema, query: { cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

/** The discussion, newest first (the first page is the latest). */
export function useEventDiscussion(eventId: number) {
  return useInfiniteQuery({ ...eventDiscussionQueryOptions(eventId), refetchInterval: FALLBACK_REFRESH_MS });
}

/** Adds a message at the newest end of the cached discussion, once (live echo and own post may both arrive). */
export function addDiscussionMessage(queryClient: QueryClient, eventId: number, message: EventMessage): void {
  queryClient.setQueryData<InfiniteData<EventMessagePage>>(discussionKeys.of(eventId), (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    if (data.pages.some((page) => page.results.some((item) => item.id === message.id))) return data;
    return { ...data, pages: [{ ...first, results: [message, ...first.results] }, ...rest] };
  });
}

export function usePostDiscussionMessage(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post(`/api/events/${eventId}/discussion/`, { text }, { schema: eventMessageSchema }),
    onSuccess: (message) => addDiscussionMessage(queryClient, eventId, message),
  });
}
