import type { ReferralRequest, ReferralRequestStatus } from '@alumlink/contract';
import { useMediaQuery } from '@/lib/use-media-query';
import { BoardRequestCard } from './board-request-card';

/** The board's columns and the statuses each holds. */
export const BOARD_COLUMNS: { title: string; statuses: readonly ReferralRequestStatus[] }[] = [
  { title: 'Requested', statuses: ['requested'] },
  { title: 'Referred', statuses: ['referred'] },
  { title: 'Interviewing', statuses: ['interviewing'] },
  { title: 'Outcome', statuses: ['hired', 'not_selected', 'declined', 'withdrawn', 'expired', 'closed'] },
];

/** md: where four columns fit; below it the board is a list with a status select per request. */
const WIDE = '(min-width: 48rem)';

export interface BoardColumnsProps {
  requests: ReferralRequest[];
  /** Several offers on one board: each card says which offer it is on. */
  showOffer: boolean;
  onMove: (request: ReferralRequest, status: ReferralRequestStatus) => void;
}

/** Requests in four columns on wide screens, one list with a status select on phones. */
export function BoardColumns({ requests, showOffer, onMove }: BoardColumnsProps) {
  const wide = useMediaQuery(WIDE);
  if (!wide) {
    return (
      <ul aria-label="Requests" className="space-y-3">
        {requests.map((request) => (
          <li key={request.id}>
            <BoardRequestCard request={request} compact showOffer={showOffer} onMove={onMove} />
          </li>
        ))}
      </ul>
    );
  }
  return (
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
                  <BoardRequestCard request={request} compact={false} showOffer={showOffer} onMove={onMove} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
