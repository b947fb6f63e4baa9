import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mentorProfileSchema, type MentorProfile, type UpdateMentorProfileFields } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { mentoringKeys } from './keys';

export function updateMentorProfile(body: UpdateMentorProfileFields): Promise<MentorProfile> {
  return api.put('/api/mentoring/profile/', body, { schema: mentorProfileSchema });
}

export function useUpdateMentorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMentorProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(mentoringKeys.profile(), profile);
      void queryClient.invalidateQueries({ queryKey: mentoringKeys.all });
    },
  });
}
