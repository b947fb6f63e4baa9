import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { ReportStatus } from '@alumlink/contract';
import { EmptyState, PagedList, StatusTabs } from '@/components/ui';
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
    <div className="space-y-5">
      <AdminPageTitle title="Reports" description="Posts members reported. Reporters are never shown to the author." />
      <StatusTabs value={status} onValueChange={setStatus} options={FILTERS} contentClassName="space-y-4">
        <PagedList
          query={reports}
          loading={REPORTS_MESSAGES.loading}
          error={REPORTS_MESSAGES.loadFailed}
          empty={<EmptyState title={REPORTS_MESSAGES.emptyTitle} description={REPORTS_MESSAGES.emptyDescription} />}
          render={(list) =>
            list.map((item) => (
              <ReportedPostCard
                key={item.post.id}
                item={item}
                actionable={status === 'open'}
                dismissing={dismiss.isPending && dismiss.variables === item.post.id}
                onDismiss={handleDismiss}
                onDeleted={handleDeleted}
              />
            ))
          }
        />
      </StatusTabs>
    </div>
  );
}
