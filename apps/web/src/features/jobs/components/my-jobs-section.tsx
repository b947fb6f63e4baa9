import type { Job } from '@alumlink/contract';
import { useMyJobs } from '../api/get-my-jobs';
import { JobList } from './job-list';
import { TitledSection } from '@/components/ui';

/** "Your job posts": the caller's open and closed jobs (alumni and admins). */
export function MyJobsSection({ onOpen }: { onOpen: (job: Job) => void }) {
  const mine = useMyJobs({ enabled: true });

  return (
    <TitledSection id="my-jobs-heading" title="Your job posts" className="space-y-3">
      <JobList
        jobs={mine}
        label="Your job posts"
        loadingLabel="Loading your job posts"
        error="Failed to load your job posts."
        empty={<p className="text-sm text-fg-muted">You have not posted a job yet.</p>}
        onOpen={onOpen}
      />
    </TitledSection>
  );
}
