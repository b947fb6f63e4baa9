import type { MentorshipStatus } from '@alumlink/contract';

/** Query keys of the mentoring feature. */
export const mentoringKeys = {
  all: ['mentoring'] as const,
  profile: () => [...mentoringKeys.all, 'profile'] as const,
  mentors: (filters: { topic: string; q: string }) => [...mentoringKeys.all, 'mentors', filters] as const,
  mentor: (userId: number) => [...mentoringKeys.all, 'mentor', userId] as const,
  mentorships: (filters: { as?: 'mentor' | 'mentee'; status?: MentorshipStatus }) =>
    [...mentoringKeys.all, 'mentorships', filters] as const,
};
