import { Button, EmptyState, ErrorState } from '@/components/ui';
import { AdminPageTitle } from '../shell/admin-page-title';
import { useAdminReferrals } from './api/get-referrals';
import { ReferralCard } from './components/referral-card';

export const REFERRALS_MESSAGES = {
  title: 'Alumni Referrals',
  loading: 'Loading referrals...',
  loadFailed: 'Failed to load referrals. Please try again later.',
  empty: 'No referrals yet',
  emptyDescription: 'Referral offers from alumni will appear here.',
} as const;

/** /admin/referral: every referral offer of the alumni, with a Message button each. */
export function ReferralsPage() {
  const referrals = useAdminReferrals();
  const list = referrals.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <div className="space-y-5">
      <AdminPageTitle title={REFERRALS_MESSAGES.title} description="Referral offers from alumni to the community." />
      {referrals.isPending ? (
        <p role="status" className="py-10 text-center text-fg-muted">
          {REFERRALS_MESSAGES.loading}
        </p>
      ) : null}
      {referrals.isError ? <ErrorState message={REFERRALS_MESSAGES.loadFailed} onRetry={() => void referrals.refetch()} /> : null}
      {referrals.isSuccess && list.length === 0 ? (
        <EmptyState title={REFERRALS_MESSAGES.empty} description={REFERRALS_MESSAGES.emptyDescription} />
      ) : null}
      {list.length > 0 ? (
        <div className="grid gap-4 md:grid-cols-2">
          {list.map((referral) => (
            <ReferralCard key={referral.id} referral={referral} />
          ))}
        </div>
      ) : null}
      {referrals.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void referrals.fetchNextPage()} loading={referrals.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
