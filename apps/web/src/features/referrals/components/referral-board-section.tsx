import { KanbanSquare } from 'lucide-react';
import { useState } from 'react';
import type { Referral, ReferralRequest, ReferralRequestStatus } from '@alumlink/contract';
import { EmptyState, ErrorState, Field, PagedList, Select, SkeletonList } from '@/components/ui';
import { useMediaQuery } from '@/lib/use-media-query';
import { useReferralBoard } from '../api/get-referral-requests';
import { useMyReferrals } from '../api/get-referrals';
import { BoardRequestCard } from './board-request-card';
import { MoveRequestDialog } from './move-request-dialog';

/** The board's columns and the statuses each holds. */
export const BOARD_COLUMNS: { title: string; statuses: readonly ReferralRequestStatus[] }[] = [
  { title: 'Requested', statuses: ['requested'] },
  { title: 'Referred', statuses: ['referred'] },
  { title: 'Interviewing', statuses: ['interviewing'] },
  { title: 'Outcome', statuses: ['hired', 'not_selected', 'declined', 'withdrawn', 'expired', 'closed'] },
];

/** md: where four columns fit; below it the board is a list with a status select per request. */
const WIDE = '(min-width: 48rem)';

function Board({ referralId }: { referralId: number }) {
  const board = useReferralBoard(referralId);
  const wide = useMediaQuery(WIDE);
  const [moving, setMoving] = useState<{ request: ReferralRequest; status: ReferralRequestStatus } | null>(null);
  const handleMove = (request: ReferralRequest, status: ReferralRequestStatus) => setMoving({ request, status });

  return (
    <>
      <PagedList
        query={board}
        loading={
          <SkeletonList label="Loading requests" count={BOARD_COLUMNS.length} className="grid gap-3 md:grid-cols-4" itemClassName="h-40" />
        }
        error="Failed to load the requests."
        empty={
          <EmptyState
            icon={<KanbanSquare aria-hidden="true" className="size-6" />}
            title="No requests yet"
            description="When members ask you for a referral on this offer, their requests appear here."
          />
        }
        loadMoreLabel="Load more requests"
        render={(requests) =>
          wide ? (
            <div className="grid grid-cols-4 gap-3">
              {BOARD_COLUMNS.map((column) => {
                const cards = requests.filter((request) => column.statuses.includes(request.status));
                const headingId = `board-column-${column.title.toLowerCase()}`;
                return (
                  <section
                    key={column.title}
                    aria-labelledby={headingId}
                    className="min-w-0 space-y-3 rounded-(--radius-card) bg-surface-muted/60 p-3"
                  >
                    <h3 id={headingId} className="flex items-center justify-between text-sm font-semibold text-fg">
                      {column.title}
                      <span className="rounded-full bg-surface px-2 text-xs font-medium text-fg-muted">{cards.length}</span>
                    </h3>
                    <ul aria-label={column.title} className="space-y-3">
                      {cards.map((request) => (
                        <li key={request.id}>
                          <BoardRequestCard request={request} compact={false} onMove={handleMove} />
                        </li>
                      ))}
                    </ul>
                  </section>
                );
              })}
            </div>
          ) : (
            <ul aria-label="Requests" className="space-y-3">
              {requests.map((request) => (
                <li key={request.id}>
                  <BoardRequestCard request={request} compact onMove={handleMove} />
                </li>
              ))}
            </ul>
          )
        }
      />
      {moving ? <MoveRequestDialog request={moving.request} status={moving.status} onClose={() => setMoving(null)} /> : null}
    </>
  );
}

const offerLabel = (offer: Referral) => `${offer.role} at ${offer.company}${offer.status === 'closed' ? ' (closed)' : ''}`;

/** "Referral requests": the alumnus picks one of their offers and moves its requests along the board. */
export function ReferralBoardSection() {
  const offers = useMyReferrals({ enabled: true });
  const items = offers.data?.pages.flatMap((page) => page.results) ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = items.find((offer) => offer.id === chosen) ?? items[0] ?? null;

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
            <Select value={selected?.id ?? ''} onChange={(event) => setChosen(Number(event.target.value))}>
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
      ) : selected ? (
        <Board referralId={selected.id} />
      ) : (
        <p className="text-sm text-fg-muted">Offer a referral above; requests on it will appear here.</p>
      )}
    </section>
  );
}
