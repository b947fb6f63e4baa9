import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';

export const settingsKeys = {
  all: ['settings'] as const,
  mine: () => [...settingsKeys.all, 'mine'] as const,
};

/** GET /social/settings/: the caller's settings (the defaults until first saved). */
export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.mine(),
    queryFn: ({ signal }) => api.get('/social/settings/', { schema: settingsSchema, signal }),
    staleTime: 5 * 60_000,
  });

export function useSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...settingsQueryOptions(), enabled });
}
