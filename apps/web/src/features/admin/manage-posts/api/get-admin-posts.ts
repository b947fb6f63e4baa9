import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { postPageSchema, type Post, type PostPage } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** One page of every live post, newest first (administrators only). */
export function getAdminPostsPage({ cursor, signal }: { cursor: string | null; signal?: AbortSignal }) {
  return api.get('/social/admin/posts/', { schema: postPageSchema, query: { cursor }, signal });
}

export const adminPostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.posts(),
    queryFn: ({ pageParam, signal }) => getAdminPostsPage({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useAdminPosts() {
  return useInfiniteQuery(adminPostsQueryOptions());
}

type PostPages = InfiniteData<PostPage, string | null>;

/** Changes one post of the cached admin list, or drops it when `change` returns null. */
export function updateAdminPost(queryClient: QueryClient, postId: number, change: (post: Post) => Post | null): void {
  queryClient.setQueryData<PostPages>(adminKeys.posts(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            results: page.results.flatMap((post) => {
              if (post.id !== postId) return [post];
              const changed = change(post);
              return changed ? [changed] : [];
            }),
          })),
        }
      : data,
  );
}
