import type { Job } from '@alumlink/contract';
import { Badge, Button, Card } from '@/components/ui';
import { ApplyLink } from './apply-link';
import { formatPostedDate, JobMeta } from './job-meta';

/** One job of the board: title, type, company, location, salary; details and Apply. */
export function JobCard({ job, onOpen }: { job: Job; onOpen: (job: Job) => void }) {
  return (
    <Card
      className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start sm:justify-between"
      role="article"
      aria-label={`${job.title} at ${job.company}`}
    >
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold text-fg">{job.title}</h3>
          <Badge tone="brand">{job.type}</Badge>
          {job.status === 'closed' ? <Badge tone="danger">Closed</Badge> : null}
        </div>
        <JobMeta job={job} />
        <p className="text-xs text-fg-subtle">
          Posted <time dateTime={job.created_at}>{formatPostedDate(job.created_at)}</time>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" size="sm" onClick={() => onOpen(job)} aria-label={`View details: ${job.title}`}>
          View details
        </Button>
        {job.status === 'open' ? <ApplyLink job={job} /> : null}
      </div>
    </Card>
  );
}
