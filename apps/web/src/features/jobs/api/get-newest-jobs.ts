import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { jobKeys } from './keys';

/** The few newest open jobs (What's New). */
export const newestJobsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: jobKeys.newest(limit),
    queryFn: ({ signal }) => api.get('/api/jobs/', { schema: jobPageSchema, query: { limit }, signal }),
    select: (page) => page.results,
  });

export function useNewestJobs(limit: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...newestJobsQueryOptions(limit), enabled });
}
