import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { jobSchema, type CreateJobFields, type Job } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { jobKeys } from './keys';

export function createJob(body: CreateJobFields): Promise<Job> {
  return api.post('/api/jobs/', body, { schema: jobSchema });
}

export function updateJob(jobId: number, body: CreateJobFields): Promise<Job> {
  return api.patch(`/api/jobs/${jobId}/`, body, { schema: jobSchema });
}

export function setJobOpen(jobId: number, open: boolean): Promise<Job> {
  return api.post(`/api/jobs/${jobId}/${open ? 'reopen' : 'close'}/`, undefined, { schema: jobSchema });
}

/** The job lists a save refreshes: the board's by default, the admin portal's from there. */
function useInvalidateJobs(lists: QueryKey) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: lists });
}

/** Posts a job, or saves an edit when `jobId` is given; then refreshes `lists`. */
export function useSaveJob(jobId: number | null, lists: QueryKey = jobKeys.all) {
  const invalidate = useInvalidateJobs(lists);
  return useMutation({
    mutationFn: (body: CreateJobFields) => (jobId === null ? createJob(body) : updateJob(jobId, body)),
    onSuccess: invalidate,
  });
}

/** Closes (open: false) or reopens a job; then refreshes `lists`. */
export function useSetJobOpen(lists: QueryKey = jobKeys.all) {
  const invalidate = useInvalidateJobs(lists);
  return useMutation({
    mutationFn: ({ jobId, open }: { jobId: number; open: boolean }) => setJobOpen(jobId, open),
    onSuccess: invalidate,
  });
}
