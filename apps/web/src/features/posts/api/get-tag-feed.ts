import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { postPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { postKeys } from './keys';

/** One page of the posts carrying `tag`, newest first (the feed's `?tag=`). */
export function getTagFeedPage({ tag, cursor, signal }: { tag: string; cursor: string | null; signal?: AbortSignal }) {
  return api.get('/social/posts/', { schema: postPageSchema, query: { tag, cursor }, signal });
}

export function useTagFeed(tag: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: postKeys.byTag(tag),
      queryFn: ({ pageParam, signal }) => getTagFeedPage({ tag, cursor: pageParam, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.next,
    }),
  );
}
