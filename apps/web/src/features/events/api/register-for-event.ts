import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventRegistrationResultSchema, type EventRegistrationResult } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { eventKeys } from './get-events';

export type RegistrationChange = { register: true; guests: number } | { register: false };

/** POST (register with guests, or join the waitlist) or DELETE (cancel) /api/events/{id}/register/; both idempotent. */
export function setEventRegistration(eventId: number, change: RegistrationChange): Promise<EventRegistrationResult> {
  const path = `/api/events/${eventId}/register/`;
  return change.register
    ? api.post(path, { guests: change.guests }, { schema: eventRegistrationResultSchema })
    : api.delete(path).then((body) => eventRegistrationResultSchema.parse(body));
}

/**
 * Registers or cancels, then refetches the events: places, the waitlist and (after a
 * cancellation) other people's promotions all change with it.
 */
export function useEventRegistration(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: RegistrationChange) => setEventRegistration(eventId, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
