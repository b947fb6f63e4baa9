import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { postPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { postKeys } from './keys';

/** One page of someone's posts (`userId` null: the signed-in person's own). */
export function getUserPostsPage({ userId, cursor, signal }: { userId: number | null; cursor: string | null; signal?: AbortSignal }) {
  return api.get('/social/posts/user-posts/', { schema: postPageSchema, query: { user_id: userId, cursor }, signal });
}

export const userPostsQueryOptions = (userId: number | null) =>
  infiniteQueryOptions({
    queryKey: postKeys.byUser(userId),
    queryFn: ({ pageParam, signal }) => getUserPostsPage({ userId, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useUserPosts(userId: number | null) {
  return useInfiniteQuery(userPostsQueryOptions(userId));
}
