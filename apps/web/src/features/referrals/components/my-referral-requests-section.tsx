import { Send } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { ReferralRequest } from '@alumlink/contract';
import { Button, Card, EmptyState, ErrorState, PagedList, SkeletonList, Spinner, TitledSection } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { formatEventDate } from '@/lib/format';
import { useReferralRequest } from '../api/get-referral-request';
import { useMyReferralRequests } from '../api/get-referral-requests';
import { useWithdrawReferralRequest } from '../api/move-referral-request';
import { nameOrDeleted } from './person-name';
import { RequestStatusBadge } from './request-status-badge';
import { RequestTimeline } from './request-timeline';

function TimelineOf({ request }: { request: ReferralRequest }) {
  const detail = useReferralRequest(request.id);
  if (detail.isPending) return <Spinner size="sm" label="Loading the timeline" />;
  if (detail.isError) return <ErrorState message="Failed to load the timeline." onRetry={() => void detail.refetch()} />;
  return <RequestTimeline history={detail.data.history} label={`Timeline: ${request.referral.role} at ${request.referral.company}`} />;
}

function MyRequestCard({ request }: { request: ReferralRequest }) {
  const [showTimeline, setShowTimeline] = useState(false);
  const withdraw = useWithdrawReferralRequest();
  const title = `${request.referral.role} at ${request.referral.company}`;

  const handleWithdraw = async () => {
    try {
      await withdraw.mutateAsync(request.id);
      toast.success('Request withdrawn.');
    } catch (error) {
      toast.error((isApiError(error) && error.serverMessage) || 'Could not withdraw the request. Please try again.');
    }
  };

  const timelineId = `request-${request.id}-timeline`;
  return (
    <Card className="space-y-3 p-5" role="article" aria-label={`Your request: ${title}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-fg">
            {request.referral.role} <span className="font-normal text-fg-muted">at</span> {request.referral.company}
          </h3>
          <p className="text-xs text-fg-muted">
            Asked {nameOrDeleted(request.referral.alumni)} on{' '}
            <time dateTime={request.created_at}>{formatEventDate(request.created_at)}</time>
          </p>
        </div>
        <RequestStatusBadge status={request.status} />
      </div>
      <p className="line-clamp-3 text-sm break-words text-fg">{request.message}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showTimeline}
          aria-controls={timelineId}
          onClick={() => setShowTimeline((shown) => !shown)}
        >
          {showTimeline ? 'Hide timeline' : 'Show timeline'}
        </Button>
        {request.status === 'requested' ? (
          <Button variant="ghost" size="sm" onClick={() => void handleWithdraw()} loading={withdraw.isPending}>
            Withdraw
          </Button>
        ) : null}
      </div>
      {showTimeline ? (
        <div id={timelineId} className="pt-1">
          <TimelineOf request={request} />
        </div>
      ) : null}
    </Card>
  );
}

/** "My referral requests": the caller's requests, each with its timeline and Withdraw while waiting. */
export function MyReferralRequestsSection() {
  const mine = useMyReferralRequests();

  return (
    <TitledSection id="my-requests-heading" title="My referral requests">
      <PagedList
        query={mine}
        loading={<SkeletonList label="Loading your referral requests" itemClassName="h-32" />}
        error="Failed to load your referral requests."
        empty={
          <EmptyState
            icon={<Send aria-hidden="true" className="size-6" />}
            title="No referral requests yet"
            description="Ask an alumnus for a referral on one of their open offers; you will follow it here."
          />
        }
        label="My referral requests"
        className="space-y-3"
        itemKey={(request) => request.id}
        renderItem={(request) => <MyRequestCard request={request} />}
      />
    </TitledSection>
  );
}
