import { useState } from 'react';
import { displayName, ROLE_LABELS, type Cohort } from '@alumlink/contract';
import { Badge, Button, Dialog, EmptyState, ErrorState } from '@/components/ui';
import { useCohortMembers } from '../api/cohorts-members';

export const COHORT_MEMBERS_MESSAGES = {
  loading: 'Loading members...',
  loadFailed: 'Could not load the members. Please try again.',
  empty: 'Nobody is in this cohort yet. People join through their invitation or the roster.',
} as const;

/** "Members": the cohort's people (name, e-mail, role) in a dialog, loaded when it opens, a page at a time. */
export function CohortsMembersDialog({ cohort }: { cohort: Cohort }) {
  const [open, setOpen] = useState(false);
  const members = useCohortMembers(cohort.id, open);
  const list = members.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" size="sm" aria-label={`Members of ${cohort.name}`}>
          Members
        </Button>
      }
      title={`Members of ${cohort.name}`}
      description={cohort.members_count === 1 ? '1 person' : `${cohort.members_count} people`}
    >
      {members.isPending ? (
        <p role="status" className="py-6 text-center text-fg-muted">
          {COHORT_MEMBERS_MESSAGES.loading}
        </p>
      ) : null}
      {members.isError ? <ErrorState message={COHORT_MEMBERS_MESSAGES.loadFailed} onRetry={() => void members.refetch()} /> : null}
      {members.isSuccess && list.length === 0 ? <EmptyState title="No members yet" description={COHORT_MEMBERS_MESSAGES.empty} /> : null}
      {list.length > 0 ? (
        <ul className="divide-y divide-border" aria-label={`Members of ${cohort.name}`}>
          {list.map((member) => (
            <li key={member.id} className="flex items-center justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <p className="font-medium text-fg [overflow-wrap:anywhere]">{displayName({ ...member, email: null })}</p>
                <p className="text-sm text-fg-muted [overflow-wrap:anywhere]">{member.email}</p>
              </div>
              <Badge>{ROLE_LABELS[member.role]}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {members.hasNextPage ? (
        <div className="flex justify-center pt-3">
          <Button variant="secondary" size="sm" onClick={() => void members.fetchNextPage()} loading={members.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
