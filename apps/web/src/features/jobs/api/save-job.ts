import { useMutation, useQueryClient } from '@tanstack/react-query';
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

function useInvalidateJobs() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: jobKeys.all });
}

/** Posts a job, or saves an edit when `jobId` is given. */
export function useSaveJob(jobId: number | null) {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: (body: CreateJobFields) => (jobId === null ? createJob(body) : updateJob(jobId, body)),
    onSuccess: invalidate,
  });
}

/** Closes (open: false) or reopens a job. */
export function useSetJobOpen() {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: ({ jobId, open }: { jobId: number; open: boolean }) => setJobOpen(jobId, open),
    onSuccess: invalidate,
  });
}
