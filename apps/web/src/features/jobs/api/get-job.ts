import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobDetailSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { jobKeys } from './keys';

/** GET /api/jobs/{id}/: the job with the alumni at its company who are open to referrals. */
export const jobDetailQueryOptions = (jobId: number) =>
  queryOptions({
    queryKey: jobKeys.detail(jobId),
    queryFn: ({ signal }) => api.get(`/api/jobs/${jobId}/`, { schema: jobDetailSchema, signal }),
  });

export function useJobDetail(jobId: number) {
  return useQuery(jobDetailQueryOptions(jobId));
}
