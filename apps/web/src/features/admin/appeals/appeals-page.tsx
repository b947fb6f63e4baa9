import { useState } from 'react';
import toast from 'react-hot-toast';
import type { AppealStatus } from '@alumlink/contract';
import { EmptyState, PagedList, StatusTabs } from '@/components/ui';
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

  return (
    <div className="space-y-5">
      <AdminPageTitle
        title="Appeals"
        description="Authors contesting a removal. Restoring brings the post back with its likes and comments."
      />
      <StatusTabs value={status} onValueChange={setStatus} options={FILTERS} contentClassName="space-y-4">
        <PagedList
          query={appeals}
          loading={APPEALS_MESSAGES.loading}
          error={APPEALS_MESSAGES.loadFailed}
          empty={<EmptyState title={APPEALS_MESSAGES.emptyTitle} description={APPEALS_MESSAGES.emptyDescription} />}
          render={(list) =>
            list.map((appeal) => (
              <AppealCard
                key={appeal.id}
                appeal={appeal}
                onDecided={(decision) => toast.success(decision === 'restored' ? APPEALS_MESSAGES.restored : APPEALS_MESSAGES.upheld)}
              />
            ))
          }
        />
      </StatusTabs>
    </div>
  );
}
