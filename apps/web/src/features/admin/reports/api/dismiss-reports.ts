import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dismissReportsResponseSchema, type DismissReportsResponse } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** Keeps the post: its open reports are dismissed. */
export function dismissReports(postId: number): Promise<DismissReportsResponse> {
  return api.post(`/social/admin/reports/${postId}/dismiss/`, undefined, { schema: dismissReportsResponseSchema });
}

export function useDismissReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissReports,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.reportsAll() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.queueCounts() }),
      ]),
  });
}
