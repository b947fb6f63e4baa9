import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mentorshipSchema, type Mentorship } from '@alumlink/contract';
import { messagingKeys } from '@/features/messaging';
import { api } from '@/lib/api-client';
import { mentoringKeys } from './keys';

export type MentorshipAction = 'accept' | 'decline' | 'cancel' | 'complete';

/** POST /api/mentoring/requests/{id}/{action}/ (decline may carry a reason). */
export function actOnMentorship(id: number, action: MentorshipAction, reason?: string): Promise<Mentorship> {
  const body = action === 'decline' && reason ? { reason } : undefined;
  return api.post(`/api/mentoring/requests/${id}/${action}/`, body, { schema: mentorshipSchema });
}

export function useMentorshipAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: MentorshipAction; reason?: string }) => actOnMentorship(id, action, reason),
    // An accept opens (or reuses) the pair's conversation: the list must show it, with its person, at once.
    onSuccess: (_, { action }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mentoringKeys.all }),
        action === 'accept' ? queryClient.invalidateQueries({ queryKey: messagingKeys.all }) : null,
      ]),
  });
}
