import type { Job } from '@alumlink/contract';
import { ErrorState } from '@/components/ui';
import { useMyJobs } from '../api/get-my-jobs';
import { JobList, JobListSkeleton } from './job-list';

/** "Your job posts": the caller's open and closed jobs (alumni and admins). */
export function MyJobsSection({ onOpen }: { onOpen: (job: Job) => void }) {
  const mine = useMyJobs({ enabled: true });
  const jobs = mine.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <section aria-labelledby="my-jobs-heading" className="space-y-3">
      <h2 id="my-jobs-heading" className="text-lg font-semibold text-fg">
        Your job posts
      </h2>
      {mine.isPending ? (
        <JobListSkeleton label="Loading your job posts" />
      ) : mine.isError && jobs.length === 0 ? (
        <ErrorState message="Failed to load your job posts." onRetry={() => void mine.refetch()} />
      ) : jobs.length === 0 ? (
        <p className="text-sm text-fg-muted">You have not posted a job yet.</p>
      ) : (
        <JobList
          jobs={jobs}
          label="Your job posts"
          onOpen={onOpen}
          hasMore={mine.hasNextPage}
          loadingMore={mine.isFetchingNextPage}
          onLoadMore={() => void mine.fetchNextPage()}
        />
      )}
    </section>
  );
}
