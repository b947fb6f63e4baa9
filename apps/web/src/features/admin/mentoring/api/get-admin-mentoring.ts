import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminMentoringSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** GET /api/admin/mentoring/: counts by status, top topics, mentors by load. */
export const adminMentoringQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.mentoring(),
    queryFn: ({ signal }) => api.get('/api/admin/mentoring/', { schema: adminMentoringSchema, signal }),
  });

export function useAdminMentoring() {
  return useQuery(adminMentoringQueryOptions());
}
