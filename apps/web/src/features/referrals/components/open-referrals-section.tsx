import { Handshake } from 'lucide-react';
import { Button, EmptyState, ErrorState, Skeleton } from '@/components/ui';
import { useOpenReferrals } from '../api/get-referrals';
import { OpenReferralCard } from './open-referral-card';

/** Open referrals of every alumnus, each with 'Ask for a referral'. */
export function OpenReferralsSection({ currentUserId }: { currentUserId: number }) {
  const referrals = useOpenReferrals({ enabled: true });
  const items = referrals.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <section aria-labelledby="open-referrals-heading" className="space-y-4">
      <h2 id="open-referrals-heading" className="text-lg font-semibold text-fg">
        Open referrals
      </h2>
      {referrals.isPending ? (
        <div role="status" aria-label="Loading referrals" className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      ) : referrals.isError && items.length === 0 ? (
        <ErrorState message="Failed to load referrals. Please try again." onRetry={() => void referrals.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Handshake aria-hidden="true" className="size-6" />}
          title="No open referrals"
          description="Referrals offered by alumni will be listed here."
        />
      ) : (
        <>
          <ul aria-label="Open referrals" className="grid gap-4 md:grid-cols-2">
            {items.map((referral) => (
              <li key={referral.id}>
                <OpenReferralCard referral={referral} isOwn={referral.alumni?.id === currentUserId} />
              </li>
            ))}
          </ul>
          {referrals.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={() => void referrals.fetchNextPage()} loading={referrals.isFetchingNextPage}>
                Load more referrals
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
