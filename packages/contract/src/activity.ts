import { z } from 'zod';
import { userSummarySchema } from './users';

export const RECENT_ACTIVITY_MAX = 20;

/** One line of the What's New 'recent activity': someone joined, or someone shared a post. */
export const activityItemSchema = z.object({
  kind: z.enum(['joined', 'posted']),
  /** Who did it (the line links to their profile). */
  user: userSummarySchema,
  /** ISO 8601: when they joined or posted. */
  at: z.string(),
  /** The post, for `posted`; null for `joined`. */
  post_id: z.number().int().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** GET /api/activity/recent/?limit= (default 10, max 20): newest first. */
export const recentActivityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(RECENT_ACTIVITY_MAX).default(10),
});
export type RecentActivityQuery = z.input<typeof recentActivityQuerySchema>;

/**
 * Newest first; a bounded list (not paginated). Leaves out people who turned activity tracking
 * off and people whose profile visibility hides them from the caller.
 */
export const recentActivitySchema = z.object({ results: z.array(activityItemSchema) });
export type RecentActivity = z.infer<typeof recentActivitySchema>;
