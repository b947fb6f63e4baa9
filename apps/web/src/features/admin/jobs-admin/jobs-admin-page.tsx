import { Plus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Job } from '@alumlink/contract';
import { Button, EmptyState, PagedList, StatusTabs } from '@/components/ui';
import { LazyJobFormDialog } from '@/features/jobs';
import { isApiError } from '@/lib/api-client';
import { adminKeys } from '../api/keys';
import { AdminPageTitle } from '../shell/admin-page-title';
import { useReturnFocus } from '../shell/use-return-focus';
import { useAdminJobs, useSetJobOpen, type JobStatusFilter } from './api/admin-jobs';
import { AdminJobCard } from './components/admin-job-card';

export const JOBS_ADMIN_MESSAGES = {
  loading: 'Loading jobs...',
  loadFailed: 'Failed to load jobs. Please try again later.',
  empty: 'No jobs found',
  emptyDescription: 'Create the first job post for the network.',
} as const;

const FILTERS: { value: JobStatusFilter; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

/** /admin/jobs: every job post, open and closed, with create, edit, close and reopen. */
export function JobsAdminPage() {
  const [status, setStatus] = useState<JobStatusFilter>('');
  const [editing, setEditing] = useState<{ job: Job | null } | null>(null);
  const jobs = useAdminJobs(status);
  const setOpen = useSetJobOpen();
  const returnFocus = useReturnFocus();

  const openForm = (job: Job | null) => {
    returnFocus.remember();
    setEditing({ job });
  };

  const handleFormOpenChange = (open: boolean) => {
    if (open) return;
    setEditing(null);
    returnFocus.restore();
  };

  const handleToggleOpen = (job: Job) => {
    const open = job.status !== 'open';
    setOpen.mutate(
      { jobId: job.id, open },
      {
        onSuccess: () => toast.success(open ? 'Job reopened.' : 'Job closed.'),
        onError: (error) => toast.error((isApiError(error) && error.serverMessage) || 'Failed to update the job. Please try again.'),
      },
    );
  };

  return (
    <div className="space-y-5">
      <AdminPageTitle
        title="Job Posts"
        description="Every job on the board, open and closed."
        actions={
          <Button onClick={() => openForm(null)} leftIcon={<Plus aria-hidden="true" className="size-4" />}>
            Create job
          </Button>
        }
      />
      <StatusTabs value={status} onValueChange={setStatus} options={FILTERS} contentClassName="space-y-5">
        <PagedList
          query={jobs}
          loading={JOBS_ADMIN_MESSAGES.loading}
          error={JOBS_ADMIN_MESSAGES.loadFailed}
          empty={<EmptyState title={JOBS_ADMIN_MESSAGES.empty} description={JOBS_ADMIN_MESSAGES.emptyDescription} />}
          render={(list) => (
            <div className="space-y-3">
              {list.map((job) => (
                <AdminJobCard
                  key={job.id}
                  job={job}
                  busy={setOpen.isPending && setOpen.variables?.jobId === job.id}
                  onEdit={openForm}
                  onToggleOpen={handleToggleOpen}
                />
              ))}
            </div>
          )}
        />
      </StatusTabs>
      <LazyJobFormDialog
        open={editing !== null}
        onOpenChange={handleFormOpenChange}
        job={editing?.job ?? null}
        lists={adminKeys.jobsAll()}
        wording="create"
      />
    </div>
  );
}
