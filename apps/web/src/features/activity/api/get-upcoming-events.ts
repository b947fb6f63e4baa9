import { useQuery } from '@tanstack/react-query';
import { eventPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { activityKeys } from './keys';

export const UPCOMING_EVENTS_LIMIT = 3;

/** The next few events, soonest first. */
export function useUpcomingEvents() {
  return useQuery({
    queryKey: activityKeys.events(),
    queryFn: ({ signal }) => api.get('/api/events/', { schema: eventPageSchema, query: { limit: UPCOMING_EVENTS_LIMIT }, signal }),
    select: (page) => page.results,
  });
}
