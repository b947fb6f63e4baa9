import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { cohortPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** One page of cohorts, newest first. */
export function getCohortPage({ cursor, signal }: { cursor: string | null; signal?: AbortSignal }) {
  return api.get('/api/admin/cohorts/', { schema: cohortPageSchema, query: { cursor }, signal });
}

export const cohortsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.cohorts(),
    queryFn: ({ pageParam, signal }) => getCohortPage({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useCohorts() {
  return useInfiniteQuery(cohortsQueryOptions());
}
