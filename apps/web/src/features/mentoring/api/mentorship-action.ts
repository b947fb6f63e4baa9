import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mentorshipSchema, type Mentorship } from '@alumlink/contract';
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mentoringKeys.all }),
  });
}
