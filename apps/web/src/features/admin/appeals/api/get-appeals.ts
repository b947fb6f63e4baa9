import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { appealQueuePageSchema, type AppealStatus } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** Appeals of one status, oldest first (administrators only). */
export const appealQueueQueryOptions = (status: AppealStatus) =>
  infiniteQueryOptions({
    queryKey: adminKeys.appeals(status),
    queryFn: ({ pageParam, signal }) =>
      api.get('/social/admin/appeals/', { schema: appealQueuePageSchema, query: { status, cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useAppealQueue(status: AppealStatus) {
  return useInfiniteQuery(appealQueueQueryOptions(status));
}
