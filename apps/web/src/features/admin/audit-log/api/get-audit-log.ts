import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditLogPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** One page of the audit log, newest first; `action` '' means every action. */
export function getAuditLogPage({ action, cursor, signal }: { action: string; cursor: string | null; signal?: AbortSignal }) {
  return api.get('/api/admin/audit-log/', { schema: auditLogPageSchema, query: { action, cursor }, signal });
}

export const auditLogQueryOptions = (action: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.auditLog(action),
    queryFn: ({ pageParam, signal }) => getAuditLogPage({ action, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useAuditLog(action: string) {
  return useInfiniteQuery(auditLogQueryOptions(action));
}
