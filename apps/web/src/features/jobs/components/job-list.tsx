import type { ReactNode } from 'react';
import type { Job } from '@alumlink/contract';
import { Card, PagedList, Skeleton, type PagedQuery } from '@/components/ui';
import { JobCard } from './job-card';

function JobListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      {Array.from({ length: 3 }, (_, index) => (
        <Card key={index} className="space-y-3 p-5">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-24" />
        </Card>
      ))}
    </div>
  );
}

export interface JobListProps {
  jobs: PagedQuery<Job>;
  /** The list's accessible name. */
  label: string;
  loadingLabel: string;
  error: string;
  empty: ReactNode;
  onOpen: (job: Job) => void;
}

/** Jobs as cards, with a Load more button while the server has more. */
export function JobList({ jobs, label, loadingLabel, error, empty, onOpen }: JobListProps) {
  return (
    <PagedList
      query={jobs}
      loading={<JobListSkeleton label={loadingLabel} />}
      error={error}
      empty={empty}
      label={label}
      className="space-y-3"
      itemKey={(job) => job.id}
      renderItem={(job) => <JobCard job={job} onOpen={onOpen} />}
      loadMoreLabel="Load more jobs"
    />
  );
}
