import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { communityModeratorListSchema, communitySchema, postPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { communityKeys } from './get-communities';

const spaceKeys = {
  one: (slug: string) => [...communityKeys.all, 'one', slug] as const,
  posts: (slug: string) => [...communityKeys.all, 'posts', slug] as const,
  moderators: (slug: string) => [...communityKeys.all, 'moderators', slug] as const,
};

/** One community (its visibility and whether the caller is a member). */
export function useSpace(slug: string) {
  return useQuery(
    queryOptions({
      queryKey: spaceKeys.one(slug),
      queryFn: ({ signal }) => api.get(`/api/communities/${encodeURIComponent(slug)}/`, { schema: communitySchema, signal }),
    }),
  );
}

/** The space's feed, newest first (empty for a non-member of a members-only space). */
export function useSpacePosts(slug: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: spaceKeys.posts(slug),
      queryFn: ({ pageParam, signal }) =>
        api.get(`/api/communities/${encodeURIComponent(slug)}/posts/`, { schema: postPageSchema, query: { cursor: pageParam }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.next,
    }),
  );
}

/** The space's moderators the caller may see. */
export function useSpaceModerators(slug: string) {
  return useQuery(
    queryOptions({
      queryKey: spaceKeys.moderators(slug),
      queryFn: ({ signal }) =>
        api.get(`/api/communities/${encodeURIComponent(slug)}/moderators/`, { schema: communityModeratorListSchema, signal }),
    }),
  );
}
