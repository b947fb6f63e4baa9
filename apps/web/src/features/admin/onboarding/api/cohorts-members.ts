import { useInfiniteQuery } from '@tanstack/react-query';
import { cohortMemberPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** A cohort's people, a page at a time (GET /api/admin/cohorts/{id}/members/); fetched only while `enabled`. */
export function useCohortMembers(cohortId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...adminKeys.cohorts(), cohortId, 'members'] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get(`/api/admin/cohorts/${cohortId}/members/`, { schema: cohortMemberPageSchema, query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
  });
}
