import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { postPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { postKeys } from './keys';

/** One page of the feed, newest first. */
export function getFeedPage({ cursor, signal }: { cursor: string | null; signal?: AbortSignal }) {
  return api.get('/social/posts/', { schema: postPageSchema, query: { cursor }, signal });
}

export const feedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: postKeys.feed(),
    queryFn: ({ pageParam, signal }) => getFeedPage({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useFeed() {
  return useInfiniteQuery(feedQueryOptions());
}
