import { useQuery } from '@tanstack/react-query';
import { postPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { activityKeys } from './keys';

/** How many of your latest posts the analytics widget sums up. */
export const ANALYTICS_POSTS_LIMIT = 100;

export interface PostAnalytics {
  posts: number;
  likes: number;
  comments: number;
  /** True when you have more posts than were summed. */
  more: boolean;
}

/** Analytics widget: your posts and the likes and comments they received. */
export function usePostAnalytics({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: activityKeys.analytics(),
    queryFn: ({ signal }) =>
      api.get('/social/posts/user-posts/', { schema: postPageSchema, query: { limit: ANALYTICS_POSTS_LIMIT }, signal }),
    select: (page): PostAnalytics => ({
      posts: page.results.length,
      likes: page.results.reduce((sum, post) => sum + post.likes_count, 0),
      comments: page.results.reduce((sum, post) => sum + post.comments_count, 0),
      more: page.next !== null,
    }),
    enabled,
  });
}
