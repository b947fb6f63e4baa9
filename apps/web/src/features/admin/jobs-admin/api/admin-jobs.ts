import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { jobPageSchema, jobSchema, type createJobRequestSchema, type JobStatus, type UpdateJobRequest } from '@alumlink/contract';
import type { z } from 'zod';
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

/** Body of a create or an edit, already validated by the contract's schema. */
export type JobFormOutput = z.output<typeof createJobRequestSchema>;

export function createJob(body: JobFormOutput) {
  return api.post('/api/jobs/', body, { schema: jobSchema });
}

export function updateJob(jobId: number, body: UpdateJobRequest) {
  return api.patch(`/api/jobs/${jobId}/`, body, { schema: jobSchema });
}

export function setJobOpen(jobId: number, open: boolean) {
  return api.post(`/api/jobs/${jobId}/${open ? 'reopen' : 'close'}/`, undefined, { schema: jobSchema });
}

function useInvalidateJobs() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminKeys.jobsAll() });
}

/** Creates a job, or saves an edit when `jobId` is given. */
export function useSaveJob(jobId: number | null) {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: (body: JobFormOutput) => (jobId === null ? createJob(body) : updateJob(jobId, body)),
    onSuccess: invalidate,
  });
}

/** Closes (open = false) or reopens a job. */
export function useSetJobOpen() {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: ({ jobId, open }: { jobId: number; open: boolean }) => setJobOpen(jobId, open),
    onSuccess: invalidate,
  });
}
