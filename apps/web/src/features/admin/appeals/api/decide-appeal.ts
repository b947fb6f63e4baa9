import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAppealSchema, type AdminAppeal, type DecideAppealRequest } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** Decides an open appeal; a restored post is back in every list (the admin posts list and the dashboard refresh). */
export function decideAppeal(appealId: number, body: DecideAppealRequest): Promise<AdminAppeal> {
  return api.post(`/social/admin/appeals/${appealId}/decide/`, body, { schema: adminAppealSchema });
}

export function useDecideAppeal(appealId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecideAppealRequest) => decideAppeal(appealId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.appealsAll() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.posts() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.queueCounts() }),
      ]),
  });
}
