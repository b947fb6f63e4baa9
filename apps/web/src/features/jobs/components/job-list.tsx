import type { Job } from '@alumlink/contract';
import { Button, Card, Skeleton } from '@/components/ui';
import { JobCard } from './job-card';

export function JobListSkeleton({ label }: { label: string }) {
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
  jobs: Job[];
  label: string;
  onOpen: (job: Job) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** Jobs as cards, with a Load more button while the server has more. */
export function JobList({ jobs, label, onOpen, hasMore, loadingMore, onLoadMore }: JobListProps) {
  return (
    <>
      <ul aria-label={label} className="space-y-3">
        {jobs.map((job) => (
          <li key={job.id}>
            <JobCard job={job} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {hasMore ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={onLoadMore} loading={loadingMore}>
            Load more jobs
          </Button>
        </div>
      ) : null}
    </>
  );
}
