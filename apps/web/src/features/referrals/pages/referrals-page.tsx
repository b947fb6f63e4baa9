import { ShieldAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { Card, ErrorState, Spinner } from '@/components/ui';
import { useLoadedOnce } from '@/lib/use-loaded-once';
import { useStoredUser } from '@/lib/use-session';
import { useReferralUser } from '../api/get-referral-user';
import { useMyReferralRequests, useReceivedReferralRequests } from '../api/get-referral-requests';
import { useMyReferrals, useOpenReferrals } from '../api/get-referrals';
import { MyReferralRequestsSection } from '../components/my-referral-requests-section';
import { MyReferralsSection } from '../components/my-referrals-section';
import { OpenReferralsSection } from '../components/open-referrals-section';
import { ReferralBoardSection } from '../components/referral-board-section';
import { OfferReferralPanel } from '../components/offer-referral-panel';

export const REFERRAL_PAGE_MESSAGES = {
  fetchUserFailed: 'Failed to fetch user',
  restricted: 'Access Restricted',
} as const;

function AccessRestricted() {
  return (
    <Card className="flex items-start gap-4 p-5">
      <span className="rounded-full bg-danger-soft p-2.5 text-danger-fg">
        <ShieldAlert aria-hidden="true" className="size-5" />
      </span>
      <div>
        <h2 className="text-base font-semibold text-fg">{REFERRAL_PAGE_MESSAGES.restricted}</h2>
        <p className="mt-1 text-sm text-fg-muted">
          Only alumni can offer referrals. You can still ask an alumnus for one of the referrals below.
        </p>
      </div>
    </Card>
  );
}

/**
 * /user/referrals: loading, then for alumni the board of requests on their offers (the offer
 * form behind a button), and their offers; for everyone else 'Access Restricted' and the open referrals to ask on. Both see
 * their own requests with their timelines.
 */
export function ReferralsPage() {
  const referralUser = useReferralUser();
  const storedUser = useStoredUser();
  // Every list of the page loads at once, alongside the user (whose stored role is known already);
  // the sections below the first show once all are in, so none is pushed down by one above it.
  const alumnus = (referralUser.data?.role ?? storedUser?.role) === 'AL';
  const loaded = useLoadedOnce([
    useMyReferrals({ enabled: alumnus }),
    useReceivedReferralRequests({ enabled: alumnus }),
    useOpenReferrals({ enabled: !alumnus }),
    useMyReferralRequests(),
  ]);
  const toastedFor = useRef<string | null>(null);

  useEffect(() => {
    // One toast per outcome, not one per render.
    // Not for someone who is not an alumnus: the page works for them (open referrals, their requests),
    // and 'Access Restricted' already says the offer form is for alumni (spec: Referral page states).
    const outcome = referralUser.isError ? 'error' : null;
    if (!outcome || toastedFor.current === outcome) return;
    toastedFor.current = outcome;
    toast.error(REFERRAL_PAGE_MESSAGES.fetchUserFailed);
  }, [referralUser.isError]);

  let body;
  if (referralUser.isPending) {
    body = (
      <div className="flex justify-center py-16 text-primary">
        <Spinner size="lg" label="Loading" />
      </div>
    );
  } else if (referralUser.isError) {
    body = <ErrorState message={REFERRAL_PAGE_MESSAGES.fetchUserFailed} onRetry={() => void referralUser.refetch()} />;
  } else if (referralUser.data.role === 'AL') {
    body = (
      <>
        <OfferReferralPanel />
        <ReferralBoardSection />
        {loaded ? (
          <>
            <MyReferralsSection />
            <MyReferralRequestsSection />
          </>
        ) : null}
      </>
    );
  } else {
    body = (
      <>
        <AccessRestricted />
        <OpenReferralsSection currentUserId={referralUser.data.id} />
        {loaded ? <MyReferralRequestsSection /> : null}
      </>
    );
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-fg">Referrals</h1>
        <p className="mt-1 text-sm text-fg-muted">Job referrals offered by alumni.</p>
      </div>
      {body}
    </div>
  );
}
