import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventSchema, type CreateEventRequest, type Event } from '@alumlink/contract';
import { eventKeys } from '@/features/events';
import { api } from '@/lib/api-client';

/** POST /api/events/ (admin) or PATCH /api/events/{id}/; then every event list and page refreshes. */
export function useSaveEvent(eventId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEventRequest): Promise<Event> =>
      eventId === null
        ? api.post('/api/events/', body, { schema: eventSchema })
        : api.patch(`/api/events/${eventId}/`, body, { schema: eventSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
