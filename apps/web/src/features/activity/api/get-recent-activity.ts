import { queryOptions, useQuery } from '@tanstack/react-query';
import { recentActivitySchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { activityKeys } from './keys';

export const RECENT_ACTIVITY_LIMIT = 5;

/** GET /api/activity/recent/: who joined and who shared a post, newest first. */
export const recentActivityQueryOptions = (limit = RECENT_ACTIVITY_LIMIT) =>
  queryOptions({
    queryKey: activityKeys.recent(limit),
    queryFn: ({ signal }) => api.get('/api/activity/recent/', { schema: recentActivitySchema, query: { limit }, signal }),
    select: (page) => page.results,
  });

export function useRecentActivity() {
  return useQuery(recentActivityQueryOptions());
}
