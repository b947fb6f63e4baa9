import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { mentorPageSchema, mentorSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { mentoringKeys } from './keys';

/** GET /api/mentoring/mentors/?topic=&q=: open mentors, least loaded first. */
export const mentorsQueryOptions = (filters: { topic: string; q: string }) =>
  infiniteQueryOptions({
    queryKey: mentoringKeys.mentors(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/mentoring/mentors/', {
        schema: mentorPageSchema,
        query: { cursor: pageParam, topic: filters.topic || undefined, q: filters.q || undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useMentors(filters: { topic: string; q: string }) {
  return useInfiniteQuery(mentorsQueryOptions(filters));
}

/** GET /api/mentoring/mentors/{id}/: someone's mentor card, null when they do not mentor. */
export const mentorQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: mentoringKeys.mentor(userId),
    queryFn: ({ signal }) => api.get(`/api/mentoring/mentors/${userId}/`, { schema: mentorSchema.nullable(), signal }),
  });

export function useMentor(userId: number) {
  return useQuery(mentorQueryOptions(userId));
}
