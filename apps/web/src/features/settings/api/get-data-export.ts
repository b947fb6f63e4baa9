import { queryOptions, useQuery } from '@tanstack/react-query';
import { latestDataExportSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';

export const dataExportKeys = {
  all: ['data-export'] as const,
  latest: () => [...dataExportKeys.all, 'latest'] as const,
};

/** While an export is being built, look again this often. */
export const PENDING_POLL_MS = 5_000;

/** GET /api/account/export/: the latest export (null when none); polled while it is pending. */
export const latestDataExportQueryOptions = () =>
  queryOptions({
    queryKey: dataExportKeys.latest(),
    queryFn: ({ signal }) => api.get('/api/account/export/', { schema: latestDataExportSchema, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });

export function useLatestDataExport() {
  return useQuery(latestDataExportQueryOptions());
}
