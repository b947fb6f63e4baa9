import toast from 'react-hot-toast';
import type { Cohort } from '@alumlink/contract';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorState } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { AdminPageTitle } from '../shell/admin-page-title';
import { useApplyCohort } from './api/apply-cohort';
import { useCohorts } from './api/get-cohorts';
import { CohortCard } from './components/cohort-card';
import { CohortForm } from './components/cohort-form';

export const COHORTS_MESSAGES = {
  loading: 'Loading cohorts...',
  loadFailed: 'Failed to load cohorts. Please try again later.',
  emptyTitle: 'No cohorts yet',
  emptyDescription: 'Create one with the dates its people become interns and alumni.',
  applied: (changed: number) =>
    changed === 0 ? 'Nothing is due yet: nobody changed role.' : `${changed} ${changed === 1 ? 'person' : 'people'} changed role.`,
} as const;

/** /admin/cohorts: cohorts with their dates, members and next step; "Apply now"; a form for a new one. */
export function CohortsPage() {
  const cohorts = useCohorts();
  const apply = useApplyCohort();
  const list = cohorts.data?.pages.flatMap((page) => page.results) ?? [];

  const handleApply = (cohort: Cohort) => {
    apply.mutate(cohort.id, {
      onSuccess: ({ changed }) => toast.success(COHORTS_MESSAGES.applied(changed)),
      onError: (error) => toast.error((isApiError(error) && error.detail) || 'Could not apply the cohort. Please try again.'),
    });
  };

  return (
    <div className="space-y-5">
      <AdminPageTitle
        title="Cohorts"
        description="Each cohort moves its people on by date: trainees to interns, then to alumni. Roles you set by hand afterwards are kept."
      />
      <Card>
        <CardHeader>
          <CardTitle>New cohort</CardTitle>
        </CardHeader>
        <CardContent>
          <CohortForm />
        </CardContent>
      </Card>
      {cohorts.isPending ? (
        <p role="status" className="py-10 text-center text-fg-muted">
          {COHORTS_MESSAGES.loading}
        </p>
      ) : null}
      {cohorts.isError ? <ErrorState message={COHORTS_MESSAGES.loadFailed} onRetry={() => void cohorts.refetch()} /> : null}
      {cohorts.isSuccess && list.length === 0 ? (
        <EmptyState title={COHORTS_MESSAGES.emptyTitle} description={COHORTS_MESSAGES.emptyDescription} />
      ) : null}
      <ul className="space-y-4" aria-label="Cohorts">
        {list.map((cohort) => (
          <li key={cohort.id}>
            <CohortCard cohort={cohort} applying={apply.isPending && apply.variables === cohort.id} onApply={handleApply} />
          </li>
        ))}
      </ul>
      {cohorts.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void cohorts.fetchNextPage()} loading={cohorts.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
