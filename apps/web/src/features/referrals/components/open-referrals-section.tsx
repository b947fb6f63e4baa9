import { Handshake } from 'lucide-react';
import { EmptyState, PagedList, SkeletonList, TitledSection } from '@/components/ui';
import { useOpenReferrals } from '../api/get-referrals';
import { OpenReferralCard } from './open-referral-card';

/** Open referrals of every alumnus, each with 'Ask for a referral'. */
export function OpenReferralsSection({ currentUserId }: { currentUserId: number }) {
  const referrals = useOpenReferrals({ enabled: true });

  return (
    <TitledSection id="open-referrals-heading" title="Open referrals">
      <PagedList
        query={referrals}
        loading={<SkeletonList label="Loading referrals" count={2} className="grid gap-4 md:grid-cols-2" itemClassName="h-48" />}
        error="Failed to load referrals. Please try again."
        empty={
          <EmptyState
            icon={<Handshake aria-hidden="true" className="size-6" />}
            title="No open referrals"
            description="Referrals offered by alumni will be listed here."
          />
        }
        label="Open referrals"
        className="grid gap-4 md:grid-cols-2"
        itemKey={(referral) => referral.id}
        renderItem={(referral) => <OpenReferralCard referral={referral} isOwn={referral.alumni?.id === currentUserId} />}
        loadMoreLabel="Load more referrals"
      />
    </TitledSection>
  );
}
