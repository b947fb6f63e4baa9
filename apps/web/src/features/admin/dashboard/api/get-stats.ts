import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminStatsSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** Live dashboard figures: people per role, posts, referrals and 30 days of activity. */
export function getAdminStats(signal?: AbortSignal) {
  return api.get('/api/admin/stats/', { schema: adminStatsSchema, signal });
}

export const adminStatsQueryOptions = () => queryOptions({ queryKey: adminKeys.stats(), queryFn: ({ signal }) => getAdminStats(signal) });

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
