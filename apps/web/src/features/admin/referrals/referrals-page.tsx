import { EmptyState, PagedList } from '@/components/ui';
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
  return (
    <div className="space-y-5">
      <AdminPageTitle title={REFERRALS_MESSAGES.title} description="Referral offers from alumni to the community." />
      <PagedList
        query={referrals}
        loading={REFERRALS_MESSAGES.loading}
        error={REFERRALS_MESSAGES.loadFailed}
        empty={<EmptyState title={REFERRALS_MESSAGES.empty} description={REFERRALS_MESSAGES.emptyDescription} />}
        render={(list) => (
          <div className="grid gap-4 md:grid-cols-2">
            {list.map((referral) => (
              <ReferralCard key={referral.id} referral={referral} />
            ))}
          </div>
        )}
      />
    </div>
  );
}
