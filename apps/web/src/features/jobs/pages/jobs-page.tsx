import { BriefcaseBusiness, Plus } from 'lucide-react';
import { useState } from 'react';
import { JOB_MESSAGES, type Job, type JobTypeFilter } from '@alumlink/contract';
import { Button, EmptyState, SearchBox } from '@/components/ui';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLoadedOnce } from '@/lib/use-loaded-once';
import { useStoredUser } from '@/lib/use-session';
import { useJobs } from '../api/get-jobs';
import { useMyJobs } from '../api/get-my-jobs';
import { JobList } from '../components/job-list';
import { JobTypeFilterBar } from '../components/job-type-filter';
import { LazyJobDetailDialog, LazyJobFormDialog } from '../components/lazy-job-dialogs';
import { MyJobsSection } from '../components/my-jobs-section';

export const JOB_SEARCH_DEBOUNCE_MS = 250;

type FormState = { open: boolean; job: Job | null };

/** /user/jobs: open jobs by type and search; alumni and admins also post and manage their own. */
export function JobsPage() {
  const user = useStoredUser();
  const canPost = user?.role === 'AL' || user?.role === 'AD';
  const [type, setType] = useState<JobTypeFilter>('All');
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), JOB_SEARCH_DEBOUNCE_MS);
  const jobs = useJobs(type, query);
  // "Your job posts" comes below the board once both lists are in, so the board never pushes it down.
  const loaded = useLoadedOnce([jobs, useMyJobs({ enabled: canPost })]);
  const [selected, setSelected] = useState<Job | null>(null);
  const [form, setForm] = useState<FormState>({ open: false, job: null });

  const handleEdit = (job: Job) => {
    setSelected(null);
    setForm({ open: true, job });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-fg">Jobs</h1>
          <p className="mt-1 text-sm text-fg-muted">Openings shared by alumni and the team.</p>
        </div>
        {canPost ? (
          <Button onClick={() => setForm({ open: true, job: null })} leftIcon={<Plus aria-hidden="true" className="size-4" />}>
            Post a job
          </Button>
        ) : null}
      </div>

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <JobTypeFilterBar value={type} onChange={setType} />
        <SearchBox
          id="job-search"
          label="Search jobs by title, company or location"
          value={search}
          onValueChange={setSearch}
          placeholder="Search jobs"
          className="w-full lg:max-w-xs"
        />
      </div>

      <section aria-labelledby="open-jobs-heading" aria-busy={jobs.isFetching} className="space-y-3">
        <h2 id="open-jobs-heading" className="sr-only">
          Open jobs
        </h2>
        <JobList
          jobs={jobs}
          label="Jobs"
          loadingLabel="Loading jobs"
          error="Failed to load jobs. Please try again."
          empty={<EmptyState icon={<BriefcaseBusiness aria-hidden="true" className="size-6" />} title={JOB_MESSAGES.empty} />}
          onOpen={setSelected}
        />
      </section>

      {canPost && loaded ? <MyJobsSection onOpen={setSelected} /> : null}

      <LazyJobDetailDialog job={selected} onOpenChange={(open) => !open && setSelected(null)} onEdit={handleEdit} />
      <LazyJobFormDialog open={form.open} job={form.job} onOpenChange={(open) => setForm((current) => ({ ...current, open }))} />
    </div>
  );
}
