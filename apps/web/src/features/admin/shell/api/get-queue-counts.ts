import { queryOptions, useQuery } from '@tanstack/react-query';
import { moderationQueueCountsSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** How many posts wait in the open reports queue and how many appeals are open (the side menu's counts). */
export const queueCountsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.queueCounts(),
    queryFn: ({ signal }) => api.get('/social/admin/queue-counts/', { schema: moderationQueueCountsSchema, signal }),
    // New reports arrive while a moderator works: a minute old at most.
    refetchInterval: 60_000,
    staleTime: 30_000,
  });

export function useQueueCounts() {
  return useQuery(queueCountsQueryOptions());
}
