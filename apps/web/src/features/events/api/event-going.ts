import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { eventGoingPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { eventKeys } from './get-events';

/** GET /api/events/{id}/going/ (signed in): who is going, people hidden from the directory only counted. */
export const eventGoingQueryOptions = (eventId: number) =>
  infiniteQueryOptions({
    queryKey: eventKeys.going(eventId),
    queryFn: ({ pageParam, signal }) =>
      api.get(`/api/events/${eventId}/going/`, { schema: eventGoingPageSchema, query: { cursor: pageParam, limit: 24 }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useEventGoing(eventId: number) {
  return useInfiniteQuery(eventGoingQueryOptions(eventId));
}
