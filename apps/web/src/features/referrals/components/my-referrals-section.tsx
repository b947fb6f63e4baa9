import toast from 'react-hot-toast';
import type { Referral } from '@alumlink/contract';
import { Badge, Button, Card, PagedList, SkeletonList, TitledSection } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useMyReferrals } from '../api/get-referrals';
import { useSetReferralOpen } from '../api/set-referral-status';
import { ReferralDetails } from './referral-details';

function MyReferralRow({ referral }: { referral: Referral }) {
  const setOpen = useSetReferralOpen();
  const isOpen = referral.status === 'open';

  const handleToggle = async () => {
    try {
      await setOpen.mutateAsync({ referralId: referral.id, open: !isOpen });
      toast.success(isOpen ? 'Referral closed.' : 'Referral reopened.');
    } catch (error) {
      toast.error((isApiError(error) && error.serverMessage) || 'Failed to update the referral. Please try again.');
    }
  };

  return (
    <Card
      className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start sm:justify-between"
      role="article"
      aria-label={`Your referral: ${referral.role} at ${referral.company}`}
    >
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold text-fg">
            {referral.role} <span className="font-normal text-fg-muted">at</span> {referral.company}
          </h3>
          <Badge tone={isOpen ? 'success' : 'neutral'}>{isOpen ? 'Open' : 'Closed'}</Badge>
        </div>
        <ReferralDetails referral={referral} />
      </div>
      <Button variant="secondary" size="sm" onClick={() => void handleToggle()} loading={setOpen.isPending} className="self-start">
        {isOpen ? 'Close' : 'Reopen'}
      </Button>
    </Card>
  );
}

/** "Your referrals": the alumnus's own offers with Close / Reopen. */
export function MyReferralsSection() {
  const mine = useMyReferrals({ enabled: true });

  return (
    <TitledSection id="my-referrals-heading" title="Your referrals">
      <PagedList
        query={mine}
        loading={<SkeletonList label="Loading your referrals" itemClassName="h-32" />}
        error="Failed to load your referrals."
        empty={<p className="text-sm text-fg-muted">You have not offered a referral yet.</p>}
        label="Your referrals"
        className="space-y-3"
        itemKey={(referral) => referral.id}
        renderItem={(referral) => <MyReferralRow referral={referral} />}
      />
    </TitledSection>
  );
}
