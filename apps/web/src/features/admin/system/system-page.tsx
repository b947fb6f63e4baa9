import { CircleAlert, CircleCheck, CircleDashed } from 'lucide-react';
import type { AdminSystem, SystemJob } from '@alumlink/contract';
import { Badge, Card, CardContent, EmptyState, ErrorState, Skeleton, TitledSection } from '@/components/ui';
import { AdminPageTitle } from '../shell/admin-page-title';
import { responsiveTable } from '../shell/responsive-table';
import { useAdminSystem } from './api/get-system';

export const SYSTEM_MESSAGES = {
  loading: 'Loading system status...',
  loadFailed: 'Failed to load the system status. Please try again later.',
  noJobs: 'No background jobs declared',
} as const;

const timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });
const t = responsiveTable;

/** A job is failing when it failed in the last 24 hours and has not succeeded since its last run. */
export function jobHealth(job: SystemJob): 'failing' | 'ok' | 'never-ran' {
  if (job.last_run_at === null) return 'never-ran';
  const recovered = job.last_success_at !== null && job.last_success_at >= job.last_run_at;
  return job.failures_24h > 0 && !recovered ? 'failing' : 'ok';
}

function When({ at, empty = 'Never' }: { at: string | null; empty?: string }) {
  return at ? <time dateTime={at}>{timeFormat.format(new Date(at))}</time> : <span className="text-fg-subtle">{empty}</span>;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-fg [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function JobStatus({ job }: { job: SystemJob }) {
  const health = jobHealth(job);
  if (health === 'failing')
    return (
      <Badge tone="danger" className="gap-1 whitespace-nowrap">
        <CircleAlert aria-hidden className="size-3.5" /> Failing
      </Badge>
    );
  if (health === 'never-ran')
    return (
      <Badge tone="neutral" className="gap-1 whitespace-nowrap">
        <CircleDashed aria-hidden className="size-3.5" /> Not run yet
      </Badge>
    );
  return (
    <Badge tone="success" className="gap-1 whitespace-nowrap">
      <CircleCheck aria-hidden className="size-3.5" /> OK
    </Badge>
  );
}

function JobsTable({ jobs }: { jobs: AdminSystem['jobs'] }) {
  if (jobs.length === 0) return <EmptyState title={SYSTEM_MESSAGES.noJobs} />;
  return (
    <div className={t.wrapper}>
      <table className={t.table('md:min-w-[760px]')}>
        <thead className={t.head}>
          <tr>
            {['Job', 'Status', 'Last run', 'Last success', 'Failures (24 h)'].map((heading) => (
              <th key={heading} scope="col" className={t.headCell}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={t.body}>
          {jobs.map((job) => (
            <tr key={job.name} className={t.row} data-health={jobHealth(job)}>
              <td data-label="Job" className={`${t.cell} font-medium text-fg`}>
                <div className="min-w-0">
                  {job.name}
                  {jobHealth(job) === 'failing' && job.last_error ? (
                    <span className="mt-1 block text-xs font-normal text-danger-fg [overflow-wrap:anywhere]">{job.last_error}</span>
                  ) : null}
                </div>
              </td>
              <td data-label="Status" className={t.cell}>
                <JobStatus job={job} />
              </td>
              <td data-label="Last run" className={`${t.cell} whitespace-nowrap text-fg-muted`}>
                <When at={job.last_run_at} />
              </td>
              <td data-label="Last success" className={`${t.cell} whitespace-nowrap text-fg-muted`}>
                <When at={job.last_success_at} />
              </td>
              <td
                data-label="Failures (24 h)"
                className={`${t.cell} ${job.failures_24h > 0 ? 'font-semibold text-danger-fg' : 'text-fg-muted'}`}
              >
                {job.failures_24h}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SystemSkeleton() {
  return (
    <div aria-busy="true" className="space-y-6">
      <span role="status" className="sr-only">
        {SYSTEM_MESSAGES.loading}
      </span>
      <Skeleton className="h-32 rounded-(--radius-card)" />
      <Skeleton className="h-64 rounded-(--radius-card)" />
    </div>
  );
}

/** /admin/system: this instance, the outbox and every background job, refreshed every few seconds. */
export function SystemPage() {
  const system = useAdminSystem();
  const data = system.data;
  const failing = data ? data.jobs.filter((job) => jobHealth(job) === 'failing') : [];
  return (
    <div className="space-y-6">
      <AdminPageTitle title="System" description="The server, its outbox and its background jobs, refreshed every few seconds." />
      {system.isPending ? <SystemSkeleton /> : null}
      {system.isError && !data ? <ErrorState message={SYSTEM_MESSAGES.loadFailed} onRetry={() => void system.refetch()} /> : null}
      {data ? (
        <>
          {system.isError ? (
            <p role="status" className="text-sm text-danger-fg">
              Could not refresh; showing the last answer.
            </p>
          ) : null}
          {failing.length > 0 ? (
            <div role="alert" className="flex items-start gap-2 rounded-(--radius-card) bg-danger-soft p-4 text-danger-fg">
              <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
              <p className="font-medium">
                {failing.length === 1 ? '1 job is failing' : `${failing.length} jobs are failing`}:{' '}
                {failing.map((job) => job.name).join(', ')}
              </p>
            </div>
          ) : null}
          <Card>
            <CardContent>
              <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
                <Fact label="Version">{data.version}</Fact>
                <Fact label="Up since">
                  <When at={data.started_at} />
                </Fact>
                <Fact label="Workers">{data.workers}</Fact>
                <Fact label="Database">{data.database.kind === 'postgres' ? 'PostgreSQL' : 'Embedded (PGlite)'}</Fact>
                <Fact label="Storage">{data.storage.kind === 's3' ? 'S3 bucket' : 'Local disk'}</Fact>
                <Fact label="E-mails waiting">{data.outbox.pending}</Fact>
                <Fact label="Oldest waiting">
                  <When at={data.outbox.oldest_at} empty="None" />
                </Fact>
                <Fact label="E-mails given up (24 h)">
                  <span className={data.outbox.failed_24h > 0 ? 'text-danger-fg' : undefined}>{data.outbox.failed_24h}</span>
                </Fact>
              </dl>
            </CardContent>
          </Card>
          <TitledSection id="system-jobs" title="Background jobs" className="space-y-3">
            <JobsTable jobs={data.jobs} />
          </TitledSection>
        </>
      ) : null}
    </div>
  );
}
