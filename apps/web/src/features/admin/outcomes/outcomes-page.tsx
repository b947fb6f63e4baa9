import { Download } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { REFERRAL_REQUEST_STATUS_LABELS, type Outcomes } from '@alumlink/contract';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorState, Field, Input, Select, Skeleton } from '@/components/ui';
import { AdminPageTitle } from '../shell/admin-page-title';
import { downloadOutcomesCsv } from './api/download-outcomes-csv';
import { useOutcomes, type OutcomesFilters } from './api/get-outcomes';
import { FunnelChart } from './components/funnel-chart';

const END_STATES = ['hired', 'not_selected', 'declined', 'withdrawn', 'expired', 'closed'] as const;
const THIS_YEAR = new Date().getFullYear();
const COHORTS = Array.from({ length: THIS_YEAR + 5 - 2010 + 1 }, (_, index) => String(THIS_YEAR + 5 - index));

/** The mentorship block's rows (DESIGN 8.3), in funnel order. */
const MENTORSHIP_ROWS = [
  ['requested', 'Requests made'],
  ['pending', 'Pending'],
  ['active', 'Active'],
  ['completed', 'Completed'],
  ['declined', 'Declined'],
  ['cancelled', 'Cancelled'],
] as const;

function Tables({ outcomes }: { outcomes: Outcomes }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card>
        <CardHeader>
          <CardTitle>By status</CardTitle>
        </CardHeader>
        <CardContent>
          <table className="w-full text-sm">
            <caption className="sr-only">Requests by status</caption>
            <thead>
              <tr className="text-left text-xs text-fg-muted">
                <th scope="col" className="pb-2 font-medium">
                  Status
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  Requests
                </th>
              </tr>
            </thead>
            <tbody>
              {(['requested', 'referred', 'interviewing'] as const).map((stage) => (
                <tr key={stage} className="border-t border-border">
                  <th scope="row" className="py-1.5 text-left font-normal text-fg">
                    {stage === 'requested' ? 'Requests made' : `Reached ${REFERRAL_REQUEST_STATUS_LABELS[stage].toLowerCase()}`}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{outcomes.referrals[stage]}</td>
                </tr>
              ))}
              {END_STATES.map((status) => (
                <tr key={status} className="border-t border-border">
                  <th scope="row" className="py-1.5 text-left font-normal text-fg">
                    {REFERRAL_REQUEST_STATUS_LABELS[status]}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{outcomes.referrals[status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Hires by company</CardTitle>
        </CardHeader>
        <CardContent>
          {outcomes.hires_by_company.length === 0 ? (
            <p className="text-sm text-fg-muted">No hires in this period.</p>
          ) : (
            <table className="w-full text-sm">
              <caption className="sr-only">Hires by company</caption>
              <thead>
                <tr className="text-left text-xs text-fg-muted">
                  <th scope="col" className="pb-2 font-medium">
                    Company
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Hires
                  </th>
                </tr>
              </thead>
              <tbody>
                {outcomes.hires_by_company.map((row) => (
                  <tr key={row.company} className="border-t border-border">
                    <th scope="row" className="py-1.5 text-left font-normal break-words text-fg">
                      {row.company}
                    </th>
                    <td className="py-1.5 text-right tabular-nums">{row.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>By cohort</CardTitle>
        </CardHeader>
        <CardContent>
          <table className="w-full text-sm">
            <caption className="sr-only">Requests and hires by cohort</caption>
            <thead>
              <tr className="text-left text-xs text-fg-muted">
                <th scope="col" className="pb-2 font-medium">
                  Cohort
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  Requests
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  Hires
                </th>
              </tr>
            </thead>
            <tbody>
              {outcomes.by_cohort.map((row) => (
                <tr key={row.cohort_year ?? 'none'} className="border-t border-border">
                  <th scope="row" className="py-1.5 text-left font-normal text-fg">
                    {row.cohort_year ?? 'No cohort'}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{row.requested}</td>
                  <td className="py-1.5 text-right tabular-nums">{row.hired}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Mentorships</CardTitle>
        </CardHeader>
        <CardContent>
          <table className="w-full text-sm">
            <caption className="sr-only">Mentorships by status</caption>
            <thead>
              <tr className="text-left text-xs text-fg-muted">
                <th scope="col" className="pb-2 font-medium">
                  Status
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  Mentorships
                </th>
              </tr>
            </thead>
            <tbody>
              {MENTORSHIP_ROWS.map(([key, label]) => (
                <tr key={key} className="border-t border-border">
                  <th scope="row" className="py-1.5 text-left font-normal text-fg">
                    {label}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{outcomes.mentorships[key]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}

/** /admin/outcomes: what the referral pipeline achieved for a period and cohort, with a CSV download. */
export function OutcomesPage() {
  const [filters, setFilters] = useState<OutcomesFilters>({ from: '', to: '', cohort_year: '' });
  const [downloading, setDownloading] = useState(false);
  const outcomes = useOutcomes(filters);
  const set = (field: keyof OutcomesFilters) => (event: { target: { value: string } }) =>
    setFilters((current) => ({ ...current, [field]: event.target.value }));

  const handleDownload = async () => {
    setDownloading(true);
    try {
      await downloadOutcomesCsv(filters);
    } catch {
      toast.error('Could not download the CSV. Please try again.');
    } finally {
      setDownloading(false);
    }
  };

  const data = outcomes.data;
  return (
    <div className="space-y-5">
      <AdminPageTitle
        title="Outcomes"
        description="How referral requests moved through the pipeline: requests made in the chosen period, by people of the chosen cohort."
        actions={
          <Button
            variant="secondary"
            leftIcon={<Download aria-hidden="true" className="size-4" />}
            onClick={() => void handleDownload()}
            loading={downloading}
          >
            Download CSV
          </Button>
        }
      />
      <Card>
        <CardContent className="grid gap-4 pt-5 sm:grid-cols-3">
          <Field label="From">
            <Input type="date" value={filters.from} max={filters.to || undefined} onChange={set('from')} />
          </Field>
          <Field label="To">
            <Input type="date" value={filters.to} min={filters.from || undefined} onChange={set('to')} />
          </Field>
          <Field label="Cohort">
            <Select value={filters.cohort_year} onChange={set('cohort_year')}>
              <option value="">All cohorts</option>
              {COHORTS.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </Select>
          </Field>
        </CardContent>
      </Card>
      {outcomes.isPending ? (
        <div role="status" aria-label="Loading outcomes" className="space-y-4">
          <Skeleton className="h-48" />
          <Skeleton className="h-40" />
        </div>
      ) : outcomes.isError || !data ? (
        <ErrorState message="Failed to load outcomes. Please try again." onRetry={() => void outcomes.refetch()} />
      ) : data.referrals.requested === 0 ? (
        <EmptyState title="No referral requests" description="No referral requests were made in this period and cohort." />
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <Card>
              <CardHeader>
                <CardTitle>Funnel</CardTitle>
              </CardHeader>
              <CardContent>
                <FunnelChart referrals={data.referrals} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Median days to a referral</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-4xl font-bold text-fg tabular-nums">{data.median_days_to_referral ?? '–'}</p>
                <p className="mt-1 text-sm text-fg-muted">From the request to the alumnus referring them, half were faster.</p>
              </CardContent>
            </Card>
          </div>
          <Tables outcomes={data} />
        </>
      )}
    </div>
  );
}
