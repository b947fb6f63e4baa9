import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { eventPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';

export const eventKeys = {
  all: ['events'] as const,
  list: (q: string) => [...eventKeys.all, 'list', { q }] as const,
  detail: (eventId: number) => [...eventKeys.all, 'detail', eventId] as const,
  going: (eventId: number) => [...eventKeys.all, 'going', eventId] as const,
  attendees: (eventId: number, q: string) => [...eventKeys.all, 'attendees', eventId, { q }] as const,
};

/** One page of events; `q` filters by title or category on the server (case-insensitive). */
export function getEvents({ q, cursor, signal }: { q: string; cursor?: string | null; signal?: AbortSignal }) {
  return api.get('/api/events/', { schema: eventPageSchema, query: { q, cursor }, signal });
}

export const eventsQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: eventKeys.list(q),
    queryFn: ({ pageParam, signal }) => getEvents({ q, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useEvents(q: string) {
  return useInfiniteQuery({ ...eventsQueryOptions(q), placeholderData: keepPreviousData });
}
