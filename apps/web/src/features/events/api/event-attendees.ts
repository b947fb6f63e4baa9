import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { eventAttendeePageSchema, eventAttendeeSchema, type EventAttendee, type EventAttendeePage } from '@alumlink/contract';
import { api, apiRequest, apiUrl } from '@/lib/api-client';
import { eventKeys } from './get-events';

/** GET /api/events/{id}/attendees/ (host, admin): registered people, then the waitlist; `q` searches names and e-mails. */
export const eventAttendeesQueryOptions = (eventId: number, q: string) =>
  infiniteQueryOptions({
    queryKey: eventKeys.attendees(eventId, q),
    queryFn: ({ pageParam, signal }) =>
      api.get(`/api/events/${eventId}/attendees/`, { schema: eventAttendeePageSchema, query: { q, cursor: pageParam, limit: 50 }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useEventAttendees(eventId: number, q: string) {
  return useInfiniteQuery({ ...eventAttendeesQueryOptions(eventId, q), placeholderData: keepPreviousData });
}

/** POST /api/events/{id}/check-in/ (host, admin); writes the answer into every cached attendee list of the event. */
export function useCheckIn(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.post(`/api/events/${eventId}/check-in/`, { user_id: userId }, { schema: eventAttendeeSchema }),
    onSuccess: (attendee: EventAttendee) => {
      queryClient.setQueriesData<InfiniteData<EventAttendeePage>>({ queryKey: [...eventKeys.all, 'attendees', eventId] }, (data) =>
        data?.pages
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                results: page.results.map((row) => (row.user.id === attendee.user.id ? attendee : row)),
              })),
            }
          : data,
      );
    },
  });
}

/** GET /api/events/{id}/attendees.csv (needs the bearer token, so fetched, then saved as a file). */
export async function downloadAttendeesCsv(eventId: number): Promise<void> {
  const csv = await apiRequest(`/api/events/${eventId}/attendees.csv`);
  const url = URL.createObjectURL(new Blob([typeof csv === 'string' ? csv : ''], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `event-${eventId}-attendees.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/** GET /api/events/{id}/calendar.ics: public, so a plain link downloads it. */
export function eventCalendarUrl(eventId: number): string {
  return apiUrl(`/api/events/${eventId}/calendar.ics`);
}
