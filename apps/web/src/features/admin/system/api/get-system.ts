import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSystemSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** How often the System page asks again while it is open: live enough to watch a job recover. */
export const SYSTEM_REFRESH_MS = 5_000;

/** Version, workers, database and storage, the outbox and every background job. */
export function getAdminSystem(signal?: AbortSignal) {
  return api.get('/api/admin/system/', { schema: adminSystemSchema, signal });
}

export const adminSystemQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.system(), queryFn: ({ signal }) => getAdminSystem(signal), refetchInterval: SYSTEM_REFRESH_MS });

export function useAdminSystem() {
  return useQuery(adminSystemQueryOptions());
}
