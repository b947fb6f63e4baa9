import type { JobTypeFilter } from '@alumlink/contract';

/** Query keys of the job board. */
export const jobKeys = {
  all: ['jobs'] as const,
  lists: () => [...jobKeys.all, 'list'] as const,
  list: (type: JobTypeFilter, q: string) => [...jobKeys.lists(), { type, q }] as const,
  mine: () => [...jobKeys.all, 'mine'] as const,
  newest: (limit: number) => [...jobKeys.all, 'newest', limit] as const,
  detail: (jobId: number) => [...jobKeys.all, 'detail', jobId] as const,
};
