import type { Job } from '@alumlink/contract';
import { useMyJobs } from '../api/get-my-jobs';
import { JobList } from './job-list';

/** "Your job posts": the caller's open and closed jobs (alumni and admins). */
export function MyJobsSection({ onOpen }: { onOpen: (job: Job) => void }) {
  const mine = useMyJobs({ enabled: true });

  return (
    <section aria-labelledby="my-jobs-heading" className="space-y-3">
      <h2 id="my-jobs-heading" className="text-lg font-semibold text-fg">
        Your job posts
      </h2>
      <JobList
        jobs={mine}
        label="Your job posts"
        loadingLabel="Loading your job posts"
        error="Failed to load your job posts."
        empty={<p className="text-sm text-fg-muted">You have not posted a job yet.</p>}
        onOpen={onOpen}
      />
    </section>
  );
}
