import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { jobPageSchema, type JobStatus } from '@alumlink/contract';
import { useSetJobOpen as useSetBoardJobOpen } from '@/features/jobs';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** '' lists open and closed jobs. */
export type JobStatusFilter = JobStatus | '';

/** One page of every job (open and closed), newest first. */
export function getAdminJobsPage({ status, cursor, signal }: { status: JobStatusFilter; cursor: string | null; signal?: AbortSignal }) {
  return api.get('/api/admin/jobs/', { schema: jobPageSchema, query: { status, cursor }, signal });
}

export const adminJobsQueryOptions = (status: JobStatusFilter) =>
  infiniteQueryOptions({
    queryKey: adminKeys.jobs(status),
    queryFn: ({ pageParam, signal }) => getAdminJobsPage({ status, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useAdminJobs(status: JobStatusFilter) {
  return useInfiniteQuery(adminJobsQueryOptions(status));
}

/** Closes or reopens a job, then refreshes the admin portal's job lists. */
export function useSetJobOpen() {
  return useSetBoardJobOpen(adminKeys.jobsAll());
}
