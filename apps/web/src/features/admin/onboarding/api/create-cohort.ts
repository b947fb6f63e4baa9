import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cohortSchema, type createCohortRequestSchema } from '@alumlink/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

export type CreateCohortValues = z.output<typeof createCohortRequestSchema>;

export function createCohort(body: CreateCohortValues) {
  return api.post('/api/admin/cohorts/', body, { schema: cohortSchema });
}

export function useCreateCohort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCohort,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.cohorts() }),
  });
}
