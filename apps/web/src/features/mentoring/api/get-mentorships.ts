import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { mentorshipPageSchema, type MentorshipStatus } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { mentoringKeys } from './keys';

type Filters = { as?: 'mentor' | 'mentee'; status?: MentorshipStatus };

/** GET /api/mentoring/requests/?as=&status=: the caller's mentorships, newest first. */
export const mentorshipsQueryOptions = (filters: Filters) =>
  infiniteQueryOptions({
    queryKey: mentoringKeys.mentorships(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/mentoring/requests/', {
        schema: mentorshipPageSchema,
        query: { cursor: pageParam, as: filters.as, status: filters.status },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useMentorships(filters: Filters, { enabled = true }: { enabled?: boolean } = {}) {
  // Back on the tab: the other person may have acted meanwhile (live notifications refetch too).
  return useInfiniteQuery({ ...mentorshipsQueryOptions(filters), enabled, refetchOnWindowFocus: true });
}
