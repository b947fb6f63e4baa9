import { useQuery } from '@tanstack/react-query';
import { trendingTagsSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { activityKeys } from './keys';

/** The top hashtags of the last 7 days. */
export function useTrendingTags() {
  return useQuery({
    queryKey: activityKeys.trendingTags(),
    queryFn: ({ signal }) => api.get('/api/tags/trending/', { schema: trendingTagsSchema, signal }),
    select: (answer) => answer.results,
  });
}
