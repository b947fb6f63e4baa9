import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { jobPageSchema, type JobTypeFilter } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { jobKeys } from './keys';

/** One page of open jobs; `type` filters, `q` matches title, company or location. */
export function getJobs({ type, q, cursor, signal }: { type: JobTypeFilter; q: string; cursor: string | null; signal?: AbortSignal }) {
  return api.get('/api/jobs/', { schema: jobPageSchema, query: { type, q, cursor }, signal });
}

export const jobsQueryOptions = (type: JobTypeFilter, q: string) =>
  infiniteQueryOptions({
    queryKey: jobKeys.list(type, q),
    queryFn: ({ pageParam, signal }) => getJobs({ type, q, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useJobs(type: JobTypeFilter, q: string) {
  return useInfiniteQuery({ ...jobsQueryOptions(type, q), placeholderData: keepPreviousData });
}
