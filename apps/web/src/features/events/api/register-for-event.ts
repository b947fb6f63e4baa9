import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { eventRegistrationResultSchema, type Event, type EventRegistrationResult, type Paginated } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { eventKeys } from './get-events';

/** POST (register) or DELETE (cancel) /api/events/{id}/register/; both idempotent. */
export function setEventRegistration(eventId: number, register: boolean): Promise<EventRegistrationResult> {
  const path = `/api/events/${eventId}/register/`;
  return register
    ? api.post(path, undefined, { schema: eventRegistrationResultSchema })
    : api.delete(path).then((body) => eventRegistrationResultSchema.parse(body));
}

/** Registers or cancels, then writes the answer into every cached list of events. */
export function useEventRegistration(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (register: boolean) => setEventRegistration(eventId, register),
    onSuccess: (result) => {
      queryClient.setQueriesData<InfiniteData<Paginated<Event>>>({ queryKey: eventKeys.all }, (data) =>
        data?.pages
          ? { ...data, pages: data.pages.map((page) => ({ ...page, results: page.results.map((event) => (event.id === eventId ? { ...event, ...result } : event)) })) }
          : data,
      );
    },
  });
}
