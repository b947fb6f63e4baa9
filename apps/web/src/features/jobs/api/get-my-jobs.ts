import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { jobPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { jobKeys } from './keys';

/** The caller's own job posts, open and closed, newest first. */
export function getMyJobs({ cursor, signal }: { cursor: string | null; signal?: AbortSignal }) {
  return api.get('/api/jobs/mine/', { schema: jobPageSchema, query: { cursor }, signal });
}

export const myJobsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: jobKeys.mine(),
    queryFn: ({ pageParam, signal }) => getMyJobs({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useMyJobs({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...myJobsQueryOptions(), enabled });
}
