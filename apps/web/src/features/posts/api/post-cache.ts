import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Post, PostPage } from '@alumlink/contract';
import { postKeys } from './keys';

type PostPages = InfiniteData<PostPage, string | null>;

function mapPostLists(queryClient: QueryClient, mapPage: (page: PostPage) => PostPage): void {
  queryClient.setQueriesData<PostPages>({ queryKey: postKeys.lists() }, (data) =>
    data ? { ...data, pages: data.pages.map(mapPage) } : data,
  );
}

/** Applies a change to one post wherever it is cached (feed and profile grids). */
export function updateCachedPost(queryClient: QueryClient, postId: number, change: (post: Post) => Post): void {
  mapPostLists(queryClient, (page) => ({ ...page, results: page.results.map((post) => (post.id === postId ? change(post) : post)) }));
}

/** Takes a post out of every cached list. */
export function removeCachedPost(queryClient: QueryClient, postId: number): void {
  mapPostLists(queryClient, (page) => ({ ...page, results: page.results.filter((post) => post.id !== postId) }));
  queryClient.removeQueries({ queryKey: postKeys.comments(postId) });
}

/** Puts a new post at the top of the feed and of its author's grids, without a reload. */
export function prependCachedPost(queryClient: QueryClient, post: Post, ownUserId: number | null): void {
  const prepend = (data: PostPages | undefined): PostPages | undefined => {
    if (!data || data.pages.length === 0) return data;
    const [first, ...rest] = data.pages;
    if (!first || first.results.some((existing) => existing.id === post.id)) return data;
    return { ...data, pages: [{ ...first, results: [post, ...first.results] }, ...rest] };
  };
  queryClient.setQueryData<PostPages>(postKeys.feed(), prepend);
  queryClient.setQueryData<PostPages>(postKeys.byUser(post.user.id), prepend);
  if (ownUserId === post.user.id) queryClient.setQueryData<PostPages>(postKeys.byUser(null), prepend);
}

/**
 * For the realtime `post-deleted` event: drops the post from the caches (when its id is known)
 * and refetches the feed, as the specification says the feed reloads.
 */
export async function refetchFeedOnPostDeleted(queryClient: QueryClient, postId?: number): Promise<void> {
  if (postId !== undefined) removeCachedPost(queryClient, postId);
  await queryClient.invalidateQueries({ queryKey: postKeys.lists() });
}
