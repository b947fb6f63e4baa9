import toast from 'react-hot-toast';
import { displayName, roleLabel, type Job } from '@alumlink/contract';
import { Avatar, Badge, Button, Dialog } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useSetJobOpen } from '../api/save-job';
import { ApplyLink } from './apply-link';
import { formatPostedDate, JobMeta } from './job-meta';

export interface JobDetailDialogProps {
  job: Job | null;
  onOpenChange: (open: boolean) => void;
  onEdit: (job: Job) => void;
}

/** A job's details with Apply; its author (or an admin) can also edit, close or reopen it. */
export function JobDetailDialog({ job, onOpenChange, onEdit }: JobDetailDialogProps) {
  const setOpen = useSetJobOpen();
  if (!job) return null;

  const handleToggleStatus = async () => {
    const reopen = job.status === 'closed';
    try {
      await setOpen.mutateAsync({ jobId: job.id, open: reopen });
      toast.success(reopen ? 'Job reopened.' : 'Job closed.');
      onOpenChange(false);
    } catch (error) {
      toast.error((isApiError(error) && error.serverMessage) || 'Failed to update the job. Please try again.');
    }
  };

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={job.title}
      description={`${job.company} · ${job.location}`}
      className="max-w-2xl"
      footer={
        <>
          {job.can_edit ? (
            <>
              <Button variant="secondary" onClick={() => onEdit(job)}>
                Edit
              </Button>
              <Button variant="secondary" onClick={() => void handleToggleStatus()} loading={setOpen.isPending}>
                {job.status === 'closed' ? 'Reopen' : 'Close job'}
              </Button>
            </>
          ) : null}
          {job.status === 'open' ? <ApplyLink job={job} size="md" /> : null}
        </>
      }
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">{job.type}</Badge>
          {job.status === 'closed' ? <Badge tone="danger">Closed</Badge> : null}
        </div>
        <JobMeta job={job} />
        {job.description ? (
          <p className="text-sm leading-6 break-words whitespace-pre-wrap text-fg">{job.description}</p>
        ) : (
          <p className="text-sm text-fg-muted">No description was given for this job.</p>
        )}
        <p className="flex items-center gap-2 text-xs text-fg-subtle">
          <Avatar src={job.posted_by.image} personId={job.posted_by.id} name={displayName(job.posted_by)} alt="" size="xs" />
          <span>
            Posted by {displayName(job.posted_by)} ({roleLabel(job.posted_by.role)}) on{' '}
            <time dateTime={job.created_at}>{formatPostedDate(job.created_at)}</time>
          </span>
        </p>
      </div>
    </Dialog>
  );
}
