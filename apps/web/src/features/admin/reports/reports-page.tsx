import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { ReportStatus } from '@alumlink/contract';
import { Button, EmptyState, ErrorState, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { adminKeys } from '../api/keys';
import { AdminPageTitle } from '../shell/admin-page-title';
import { useDismissReports } from './api/dismiss-reports';
import { useReportQueue } from './api/get-reports';
import { ReportedPostCard } from './components/reported-post-card';

export const REPORTS_MESSAGES = {
  loading: 'Loading reports...',
  loadFailed: 'Failed to load reports. Please try again later.',
  emptyTitle: 'No reports',
  emptyDescription: 'Nothing is waiting for a moderator.',
  dismissed: 'Reports dismissed.',
  deleted: (name: string) => `Post deleted successfully. Notification sent to ${name}.`,
} as const;

const FILTERS: { value: ReportStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'actioned', label: 'Removed' },
];

/** /admin/reports: posts members reported, most reported first, with Dismiss and Delete (with a reason). */
export function ReportsPage() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useReportQueue(status);
  const dismiss = useDismissReports();
  const queryClient = useQueryClient();
  const list = reports.data?.pages.flatMap((page) => page.results) ?? [];

  const handleDismiss = (postId: number) => {
    dismiss.mutate(postId, {
      onSuccess: () => toast.success(REPORTS_MESSAGES.dismissed),
      onError: (error) => toast.error((isApiError(error) && error.serverMessage) || 'Failed to dismiss. Please try again.'),
    });
  };

  const handleDeleted = (name: string) => {
    toast.success(REPORTS_MESSAGES.deleted(name));
    void queryClient.invalidateQueries({ queryKey: adminKeys.reportsAll() });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <AdminPageTitle title="Reports" description="Posts members reported. Reporters are never shown to the author." />
      <Tabs value={status} onValueChange={(value) => setStatus(value as ReportStatus)}>
        <TabsList aria-label="Filter by status">
          {FILTERS.map((filter) => (
            <TabsTrigger key={filter.value} value={filter.value}>
              {filter.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={status} className="space-y-4">
          {reports.isPending ? (
            <p role="status" className="py-10 text-center text-fg-muted">
              {REPORTS_MESSAGES.loading}
            </p>
          ) : null}
          {reports.isError ? <ErrorState message={REPORTS_MESSAGES.loadFailed} onRetry={() => void reports.refetch()} /> : null}
          {reports.isSuccess && list.length === 0 ? (
            <EmptyState title={REPORTS_MESSAGES.emptyTitle} description={REPORTS_MESSAGES.emptyDescription} />
          ) : null}
          {list.map((item) => (
            <ReportedPostCard
              key={item.post.id}
              item={item}
              actionable={status === 'open'}
              dismissing={dismiss.isPending && dismiss.variables === item.post.id}
              onDismiss={handleDismiss}
              onDeleted={handleDeleted}
            />
          ))}
          {reports.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={() => void reports.fetchNextPage()} loading={reports.isFetchingNextPage}>
                Load more
              </Button>
            </div>
          ) : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}
