import { Download } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  ErrorState,
  Field,
  Input,
  Select,
  SkeletonList,
} from '@/components/ui';
import { AdminPageTitle } from '../shell/admin-page-title';
import { downloadOutcomesCsv } from './api/download-outcomes-csv';
import { useOutcomes, type OutcomesFilters } from './api/get-outcomes';
import { FunnelChart } from './components/funnel-chart';
import { OutcomesTables } from './components/outcomes-tables';

const THIS_YEAR = new Date().getFullYear();
const COHORTS = Array.from({ length: THIS_YEAR + 5 - 2010 + 1 }, (_, index) => String(THIS_YEAR + 5 - index));

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
        <SkeletonList label="Loading outcomes" count={2} className="space-y-4" itemClassName="h-44" />
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
          <OutcomesTables outcomes={data} />
        </>
      )}
    </div>
  );
}
