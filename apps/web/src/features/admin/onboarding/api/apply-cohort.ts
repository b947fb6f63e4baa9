import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyCohortResponseSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** "Apply now": takes the cohort's step due today; answers how many people changed role. */
export function applyCohort(cohortId: number) {
  return api.post(`/api/admin/cohorts/${cohortId}/apply/`, undefined, { schema: applyCohortResponseSchema });
}

export function useApplyCohort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCohort,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.cohorts() }),
  });
}
