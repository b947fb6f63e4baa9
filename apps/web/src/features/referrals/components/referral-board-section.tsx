import { KanbanSquare } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { type Referral, type ReferralRequest, type ReferralRequestStatus } from '@alumlink/contract';
import { EmptyState, ErrorState, Field, PagedList, Select, SkeletonList } from '@/components/ui';
import { useReceivedReferralRequests, useReferralBoard } from '../api/get-referral-requests';
import { useMyReferrals } from '../api/get-referrals';
import { BOARD_COLUMNS, BoardColumns } from './board-columns';

// The dialog loads when a request is first moved, not with the board.
const MoveRequestDialog = lazy(() => import('./move-request-dialog').then((m) => ({ default: m.MoveRequestDialog })));

type Moving = { request: ReferralRequest; status: ReferralRequestStatus };

const loading = (
  <SkeletonList label="Loading requests" count={BOARD_COLUMNS.length} className="grid gap-3 md:grid-cols-4" itemClassName="h-40" />
);

const noRequests = (
  <EmptyState
    icon={<KanbanSquare aria-hidden="true" className="size-6" />}
    title="No requests yet"
    description="When members ask you for a referral, their requests appear here."
  />
);

/** One board of requests (one offer's, or every offer's), newest first, page by page. */
function RequestsBoard({
  query,
  showOffer,
  onMove,
}: {
  query: ReturnType<typeof useReferralBoard> | ReturnType<typeof useReceivedReferralRequests>;
  showOffer: boolean;
  onMove: (request: ReferralRequest, status: ReferralRequestStatus) => void;
}) {
  return (
    <PagedList
      query={query}
      loading={loading}
      error="Failed to load the requests."
      empty={noRequests}
      loadMoreLabel="Load more requests"
      render={(requests) => <BoardColumns requests={requests} showOffer={showOffer} onMove={onMove} />}
    />
  );
}

/** One offer's requests. */
function OfferBoard({
  referralId,
  onMove,
}: {
  referralId: number;
  onMove: (request: ReferralRequest, status: ReferralRequestStatus) => void;
}) {
  return <RequestsBoard query={useReferralBoard(referralId)} showOffer={false} onMove={onMove} />;
}

/** The requests on every offer of the alumnus on one board. */
function AllOffersBoard({
  several,
  onMove,
}: {
  several: boolean;
  onMove: (request: ReferralRequest, status: ReferralRequestStatus) => void;
}) {
  return <RequestsBoard query={useReceivedReferralRequests()} showOffer={several} onMove={onMove} />;
}

const offerLabel = (offer: Referral) => `${offer.role} at ${offer.company}${offer.status === 'closed' ? ' (closed)' : ''}`;

/** "Referral requests": the requests on every offer of the alumnus (or one offer), moved along the board. */
export function ReferralBoardSection() {
  const offers = useMyReferrals({ enabled: true });
  const items = offers.data?.pages.flatMap((page) => page.results) ?? [];
  const [chosen, setChosen] = useState<'all' | number>('all');
  const selected = chosen === 'all' ? null : (items.find((offer) => offer.id === chosen) ?? null);
  const [moving, setMoving] = useState<Moving | null>(null);
  const handleMove = (request: ReferralRequest, status: ReferralRequestStatus) => setMoving({ request, status });

  return (
    <section aria-labelledby="board-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="board-heading" className="text-lg font-semibold text-fg">
            Referral requests
          </h2>
          <p className="text-sm text-fg-muted">Move each request along; the requester sees every change and your notes.</p>
        </div>
        {items.length > 1 ? (
          <Field label="Offer" className="w-full sm:w-72">
            <Select
              value={selected ? String(selected.id) : 'all'}
              onChange={(event) => setChosen(event.target.value === 'all' ? 'all' : Number(event.target.value))}
            >
              <option value="all">All offers</option>
              {items.map((offer) => (
                <option key={offer.id} value={offer.id}>
                  {offerLabel(offer)}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
      </div>
      {offers.isPending ? (
        <SkeletonList label="Loading your offers" itemClassName="h-40" />
      ) : offers.isError && items.length === 0 ? (
        <ErrorState message="Failed to load your referrals." onRetry={() => void offers.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-sm text-fg-muted">Offer a referral; the requests members make on it will appear here.</p>
      ) : selected ? (
        <OfferBoard referralId={selected.id} onMove={handleMove} />
      ) : (
        <AllOffersBoard several={items.length > 1} onMove={handleMove} />
      )}
      {moving ? (
        <Suspense fallback={null}>
          <MoveRequestDialog request={moving.request} status={moving.status} onClose={() => setMoving(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
