import { queryOptions, useQuery } from '@tanstack/react-query';
import { mentorProfileSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { mentoringKeys } from './keys';

/** GET /api/mentoring/profile/: the caller's mentor card. */
export const mentorProfileQueryOptions = () =>
  queryOptions({
    queryKey: mentoringKeys.profile(),
    queryFn: ({ signal }) => api.get('/api/mentoring/profile/', { schema: mentorProfileSchema, signal }),
  });

export function useMentorProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...mentorProfileQueryOptions(), enabled });
}
