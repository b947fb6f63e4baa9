/** Query keys of the What's New panel (the activity feature): a new post invalidates them all. */
export const activityKeys = {
  all: ['activity'] as const,
  recent: (limit: number) => [...activityKeys.all, 'recent', limit] as const,
  events: () => [...activityKeys.all, 'events'] as const,
  analytics: () => [...activityKeys.all, 'analytics'] as const,
  trendingTags: () => [...activityKeys.all, 'trending-tags'] as const,
};
