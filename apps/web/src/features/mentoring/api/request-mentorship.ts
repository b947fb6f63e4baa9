import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mentorshipSchema, type CreateMentorshipFields, type Mentorship } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { mentoringKeys } from './keys';

export function requestMentorship(body: CreateMentorshipFields): Promise<Mentorship> {
  return api.post('/api/mentoring/requests/', body, { schema: mentorshipSchema });
}

export function useRequestMentorship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestMentorship,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mentoringKeys.all }),
  });
}
