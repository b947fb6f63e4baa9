import { ExternalLink } from 'lucide-react';
import {
  REFERRAL_REQUEST_STATUS_LABELS,
  REFERRAL_REQUEST_TRANSITIONS,
  type ReferralRequest,
  type ReferralRequestStatus,
} from '@alumlink/contract';
import { Avatar, Button, Card, Select } from '@/components/ui';
import { formatRelativeTime } from '@/lib/format-relative-time';
import { moveActionLabel } from './move-actions';
import { nameOrDeleted } from './person-name';
import { RequestStatusBadge } from './request-status-badge';

export interface BoardRequestCardProps {
  request: ReferralRequest;
  /** Phones: a status select instead of one button per move. */
  compact: boolean;
  /** Say which offer the request is on (a board of several offers). */
  showOffer?: boolean;
  onMove: (request: ReferralRequest, status: ReferralRequestStatus) => void;
}

/** One request on the alumnus's board: who asked, their message and CV, and the moves left. */
export function BoardRequestCard({ request, compact, showOffer = false, onMove }: BoardRequestCardProps) {
  const { requester } = request;
  const name = nameOrDeleted(requester);
  const moves = REFERRAL_REQUEST_TRANSITIONS[request.status];
  const career = [requester?.headline, requester?.cohort_year ? `Cohort ${requester.cohort_year}` : null].filter(Boolean).join(' · ');

  return (
    <Card className="space-y-3 p-4" role="article" aria-label={`Request from ${name}`}>
      <div className="flex items-start gap-3">
        <Avatar src={requester?.image ?? null} personId={requester?.id ?? null} name={name} alt="" size="sm" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-fg">{name}</p>
          {career ? <p className="truncate text-xs text-fg-muted">{career}</p> : null}
          <p className="text-xs text-fg-subtle">
            <time dateTime={request.created_at}>{formatRelativeTime(request.created_at)}</time>
          </p>
          {/* Under the name, not beside it: the outcome column is narrow. */}
          {compact || moves.length === 0 ? (
            <p className="mt-1">
              <RequestStatusBadge status={request.status} />
            </p>
          ) : null}
        </div>
      </div>
      {showOffer ? (
        <p className="text-xs font-medium text-fg-muted">
          {request.referral.role} at {request.referral.company}
        </p>
      ) : null}
      <p className="line-clamp-4 text-sm break-words text-fg">{request.message}</p>
      {request.resume_url ? (
        <a
          href={request.resume_url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-sm font-medium text-accent-fg hover:underline"
        >
          CV <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">of {name} (opens in a new tab)</span>
        </a>
      ) : null}
      {moves.length === 0 ? null : compact ? (
        <label className="block text-xs font-medium text-fg-muted">
          Next step
          <Select
            className="mt-1"
            value={request.status}
            aria-label={`Next step for ${name}'s request`}
            onChange={(event) => onMove(request, event.target.value as ReferralRequestStatus)}
          >
            <option value={request.status}>{REFERRAL_REQUEST_STATUS_LABELS[request.status]}</option>
            {moves.map((status) => (
              <option key={status} value={status}>
                {moveActionLabel(status)}
              </option>
            ))}
          </Select>
        </label>
      ) : (
        <div className="flex flex-wrap gap-2">
          {moves.map((status) => (
            <Button
              key={status}
              size="sm"
              variant={status === 'declined' || status === 'not_selected' ? 'ghost' : 'secondary'}
              aria-label={`${moveActionLabel(status)}: ${name}`}
              onClick={() => onMove(request, status)}
            >
              {moveActionLabel(status)}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}
