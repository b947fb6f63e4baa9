import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appealSchema, type Appeal, type AppealRequest } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** POST /social/moderation/{id}/appeal/: once, within 30 days of the removal. */
export function appealRemoval(postId: number, body: AppealRequest): Promise<Appeal> {
  return api.post(`/social/moderation/${postId}/appeal/`, body, { schema: appealSchema });
}

export function useAppealRemoval(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppealRequest) => appealRemoval(postId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.case(postId) }),
  });
}
