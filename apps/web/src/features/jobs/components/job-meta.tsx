import { Banknote, Building2, MapPin } from 'lucide-react';
import type { Job } from '@alumlink/contract';

const postedFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });

export function formatPostedDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : postedFormat.format(date);
}

/** Company, location and salary of a job, as a compact line of facts. */
export function JobMeta({ job }: { job: Job }) {
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-fg-muted">
      <div className="flex items-center gap-1.5">
        <dt>
          <Building2 aria-hidden="true" className="size-4" />
          <span className="sr-only">Company</span>
        </dt>
        <dd>{job.company}</dd>
      </div>
      <div className="flex items-center gap-1.5">
        <dt>
          <MapPin aria-hidden="true" className="size-4" />
          <span className="sr-only">Location</span>
        </dt>
        <dd>{job.location}</dd>
      </div>
      {job.salary ? (
        <div className="flex items-center gap-1.5">
          <dt>
            <Banknote aria-hidden="true" className="size-4" />
            <span className="sr-only">Salary</span>
          </dt>
          <dd>{job.salary}</dd>
        </div>
      ) : null}
    </dl>
  );
}
