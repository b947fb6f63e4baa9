import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cohortSchema, type updateCohortRequestSchema } from '@alumlink/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

export type UpdateCohortValues = z.output<typeof updateCohortRequestSchema>;

/** PATCH /api/admin/cohorts/{id}/: new dates (checked with the stored ones). */
export function updateCohort({ id, body }: { id: number; body: UpdateCohortValues }) {
  return api.patch(`/api/admin/cohorts/${id}/`, body, { schema: cohortSchema });
}

export function useUpdateCohort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCohort,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.cohorts() }),
  });
}
