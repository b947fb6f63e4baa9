import { useState } from 'react';
import toast from 'react-hot-toast';
import type { AppealStatus } from '@alumlink/contract';
import { Button, EmptyState, ErrorState, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { AdminPageTitle } from '../shell/admin-page-title';
import { useAppealQueue } from './api/get-appeals';
import { AppealCard } from './components/appeal-card';

export const APPEALS_MESSAGES = {
  loading: 'Loading appeals...',
  loadFailed: 'Failed to load appeals. Please try again later.',
  emptyTitle: 'No appeals',
  emptyDescription: 'Authors of removed posts can appeal within 30 days.',
  restored: 'Post restored. The author has your reply.',
  upheld: 'Removal upheld. The author has your reply.',
} as const;

const FILTERS: { value: AppealStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'restored', label: 'Restored' },
  { value: 'upheld', label: 'Upheld' },
];

/** /admin/appeals: authors' appeals against removals, oldest first, each decided with a written reply. */
export function AppealsPage() {
  const [status, setStatus] = useState<AppealStatus>('open');
  const appeals = useAppealQueue(status);
  const list = appeals.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <AdminPageTitle
        title="Appeals"
        description="Authors contesting a removal. Restoring brings the post back with its likes and comments."
      />
      <Tabs value={status} onValueChange={(value) => setStatus(value as AppealStatus)}>
        <TabsList aria-label="Filter by status">
          {FILTERS.map((filter) => (
            <TabsTrigger key={filter.value} value={filter.value}>
              {filter.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={status} className="space-y-4">
          {appeals.isPending ? (
            <p role="status" className="py-10 text-center text-fg-muted">
              {APPEALS_MESSAGES.loading}
            </p>
          ) : null}
          {appeals.isError ? <ErrorState message={APPEALS_MESSAGES.loadFailed} onRetry={() => void appeals.refetch()} /> : null}
          {appeals.isSuccess && list.length === 0 ? (
            <EmptyState title={APPEALS_MESSAGES.emptyTitle} description={APPEALS_MESSAGES.emptyDescription} />
          ) : null}
          {list.map((appeal) => (
            <AppealCard
              key={appeal.id}
              appeal={appeal}
              onDecided={(decision) => toast.success(decision === 'restored' ? APPEALS_MESSAGES.restored : APPEALS_MESSAGES.upheld)}
            />
          ))}
          {appeals.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={() => void appeals.fetchNextPage()} loading={appeals.isFetchingNextPage}>
                Load more
              </Button>
            </div>
          ) : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}
