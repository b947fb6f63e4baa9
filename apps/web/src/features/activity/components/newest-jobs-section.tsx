import { BriefcaseBusiness } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useNewestJobs } from '@/features/jobs';
import { LoadingRows, PanelSection } from './panel-section';

export const NEWEST_JOBS_LIMIT = 3;

/** Job Alerts widget: the newest open jobs. */
export function NewestJobsSection() {
  const jobs = useNewestJobs(NEWEST_JOBS_LIMIT);

  useEffect(() => {
    if (jobs.error) console.warn("What's New: jobs failed to load", jobs.error);
  }, [jobs.error]);

  return (
    <PanelSection title="Newest jobs" icon={<BriefcaseBusiness aria-hidden="true" className="size-4 text-accent-fg" />}>
      {jobs.isPending ? <LoadingRows /> : null}
      {jobs.isError ? <p className="text-sm text-fg-muted">Jobs are unavailable right now.</p> : null}
      {jobs.data?.length === 0 ? <p className="text-sm text-fg-muted">No open jobs right now.</p> : null}
      {jobs.data && jobs.data.length > 0 ? (
        <ul className="space-y-3" aria-label="Newest jobs">
          {jobs.data.map((job) => (
            <li key={job.id} className="rounded-xl border border-border p-3">
              <p className="text-sm font-medium text-fg">{job.title}</p>
              <p className="mt-0.5 text-xs text-fg-muted">
                {job.company} · {job.location}
              </p>
              <p className="mt-0.5 text-xs text-fg-subtle">{job.type}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to={paths.user.jobs} className="inline-block text-sm font-medium text-accent-fg hover:underline">
        See all jobs
      </Link>
    </PanelSection>
  );
}
