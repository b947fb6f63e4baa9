import { useQuery } from '@tanstack/react-query';
import { eventPageSchema, postPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';

export const whatsNewKeys = {
  all: ['whats-new'] as const,
  events: () => [...whatsNewKeys.all, 'events'] as const,
  activity: () => [...whatsNewKeys.all, 'activity'] as const,
  analytics: () => [...whatsNewKeys.all, 'analytics'] as const,
};

export const UPCOMING_EVENTS_LIMIT = 3;
export const RECENT_ACTIVITY_LIMIT = 5;

/** The next few events, soonest first. */
export function useUpcomingEvents() {
  return useQuery({
    queryKey: whatsNewKeys.events(),
    queryFn: ({ signal }) => api.get('/api/events/', { schema: eventPageSchema, query: { limit: UPCOMING_EVENTS_LIMIT }, signal }),
    select: (page) => page.results,
  });
}

/** Recent activity: the newest posts and who shared them (there is no new-members endpoint). */
export function useRecentActivity() {
  return useQuery({
    queryKey: whatsNewKeys.activity(),
    queryFn: ({ signal }) => api.get('/social/posts/', { schema: postPageSchema, query: { limit: RECENT_ACTIVITY_LIMIT }, signal }),
    select: (page) => page.results,
  });
}
