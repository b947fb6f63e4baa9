import { Building2, MapPin, Pencil, Wallet } from 'lucide-react';
import { displayName, type Job } from '@alumlink/contract';
import { Avatar, Badge, Button, Card } from '@/components/ui';

export interface AdminJobCardProps {
  job: Job;
  busy: boolean;
  onEdit: (job: Job) => void;
  onToggleOpen: (job: Job) => void;
}

/** One job of the management list with its status, Edit and Close/Reopen. */
export function AdminJobCard({ job, busy, onEdit, onToggleOpen }: AdminJobCardProps) {
  const isOpen = job.status === 'open';
  return (
    <Card role="article" aria-label={job.title} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold text-fg">{job.title}</h2>
          <Badge tone={isOpen ? 'success' : 'neutral'}>{isOpen ? 'Open' : 'Closed'}</Badge>
          <Badge tone="brand">{job.type}</Badge>
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-fg-muted">
          <span className="inline-flex items-center gap-1.5">
            <Building2 aria-hidden="true" className="size-4" />
            {job.company}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4" />
            {job.location}
          </span>
          {job.salary ? (
            <span className="inline-flex items-center gap-1.5">
              <Wallet aria-hidden="true" className="size-4" />
              {job.salary}
            </span>
          ) : null}
        </p>
        <p className="flex items-center gap-2 text-xs text-fg-subtle">
          <Avatar src={job.posted_by.image} personId={job.posted_by.id} name={displayName(job.posted_by)} alt="" size="xs" />
          Posted by {displayName(job.posted_by)}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onEdit(job)}
          leftIcon={<Pencil aria-hidden="true" className="size-4" />}
          aria-label={`Edit ${job.title}`}
        >
          Edit
        </Button>
        <Button
          variant="secondary"
          size="sm"
          loading={busy}
          onClick={() => onToggleOpen(job)}
          aria-label={`${isOpen ? 'Close' : 'Reopen'} ${job.title}`}
        >
          {isOpen ? 'Close' : 'Reopen'}
        </Button>
      </div>
    </Card>
  );
}
