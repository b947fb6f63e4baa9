import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { reportQueuePageSchema, type ReportStatus } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** Reported posts of one status, grouped, most reported first (administrators only). */
export const reportQueueQueryOptions = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: adminKeys.reports(status),
    queryFn: ({ pageParam, signal }) =>
      api.get('/social/admin/reports/', { schema: reportQueuePageSchema, query: { status, cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useReportQueue(status: ReportStatus) {
  return useInfiniteQuery(reportQueueQueryOptions(status));
}
