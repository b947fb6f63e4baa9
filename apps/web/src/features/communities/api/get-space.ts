import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  communityMemberPageSchema,
  communityModeratorListSchema,
  communitySchema,
  eventPageSchema,
  postPageSchema,
} from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { communityKeys } from './get-communities';

const spaceKeys = {
  one: (slug: string) => [...communityKeys.all, 'one', slug] as const,
  posts: (slug: string) => [...communityKeys.all, 'posts', slug] as const,
  moderators: (slug: string) => [...communityKeys.all, 'moderators', slug] as const,
  members: (slug: string) => [...communityKeys.all, 'members', slug] as const,
  events: (slug: string) => [...communityKeys.all, 'events', slug] as const,
};

/** How many upcoming events the space page shows. */
export const SPACE_EVENTS_SHOWN = 5;

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

/** The space's members the caller may see, newest first (a members-only space: members alone). */
export function useSpaceMembers(slug: string, enabled: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: spaceKeys.members(slug),
      queryFn: ({ pageParam, signal }) =>
        api.get(`/api/communities/${encodeURIComponent(slug)}/members/`, {
          schema: communityMemberPageSchema,
          query: { cursor: pageParam, limit: 12 },
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.next,
      enabled,
    }),
  );
}

/** The space's next few events, soonest first. */
export function useSpaceEvents(slug: string) {
  return useQuery(
    queryOptions({
      queryKey: spaceKeys.events(slug),
      queryFn: ({ signal }) =>
        api.get('/api/events/', {
          schema: eventPageSchema,
          query: { community: slug, upcoming: 'true', limit: SPACE_EVENTS_SHOWN },
          signal,
        }),
    }),
  );
}
