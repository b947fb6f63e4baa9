import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { eventKeys } from './get-events';

/** GET /api/events/{id}/: one event, with the caller's registration and whether they run it. */
export const eventQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: eventKeys.detail(eventId),
    queryFn: ({ signal }) => api.get(`/api/events/${eventId}/`, { schema: eventSchema, signal }),
  });

export function useEvent(eventId: number) {
  return useQuery(eventQueryOptions(eventId));
}
