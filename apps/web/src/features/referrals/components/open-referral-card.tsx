import { Send } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ACTIVE_REFERRAL_REQUEST_STATUSES, DELETED_USER_NAME, displayName, roleLabel, type Referral } from '@alumlink/contract';
import { Avatar, Button, Card } from '@/components/ui';
import { ReferralDetails } from './referral-details';
import { RequestStatusBadge } from './request-status-badge';

// The dialog and its form rules load when it is opened, not with the list.
const AskReferralDialog = lazy(() => import('./ask-referral-dialog').then((m) => ({ default: m.AskReferralDialog })));

/** An open referral with its alumnus and 'Ask for a referral' (a request the alumnus moves along their board). */
export function OpenReferralCard({ referral, isOwn }: { referral: Referral; isOwn: boolean }) {
  const [asking, setAsking] = useState(false);
  const { alumni } = referral;
  const alumnusName = alumni ? displayName(alumni) : DELETED_USER_NAME;
  const mine = referral.my_request;
  const isActive = (status: string) => (ACTIVE_REFERRAL_REQUEST_STATUSES as readonly string[]).includes(status);
  const asked = mine && isActive(mine.status) ? mine : null;
  const again = mine && !isActive(mine.status) ? mine : null;
  return (
    <Card className="flex h-full flex-col gap-4 p-5" role="article" aria-label={`${referral.role} at ${referral.company}`}>
      <div className="flex items-center gap-3">
        <Avatar src={alumni?.image ?? null} personId={alumni?.id ?? null} name={alumnusName} alt="" size="md" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-fg">{alumnusName}</p>
          <p className="truncate text-xs text-fg-muted">
            {alumni ? roleLabel(alumni.role) : ''}
            {alumni?.company ? ` · ${alumni.company}` : ''}
          </p>
        </div>
      </div>
      <div className="flex-1 space-y-2">
        <h3 className="text-base font-semibold text-fg">
          {referral.role} <span className="font-normal text-fg-muted">at</span> {referral.company}
        </h3>
        <ReferralDetails referral={referral} />
      </div>
      {isOwn ? (
        <p className="text-xs text-fg-subtle">This is your referral.</p>
      ) : asked ? (
        // Already asked: their request's state, not a button that would answer 409.
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-center gap-2 text-sm font-medium text-fg">
            <span>Asked</span> <RequestStatusBadge status={asked.status} />
          </p>
          <a href="#my-requests-heading" className="text-sm font-medium text-accent-fg hover:underline">
            Follow your request
          </a>
        </div>
      ) : (
        <>
          <Button
            variant="secondary"
            onClick={() => setAsking(true)}
            leftIcon={<Send aria-hidden="true" className="size-4" />}
            aria-label={`${again ? 'Ask again' : 'Ask for a referral'}: ${referral.role} at ${referral.company}`}
          >
            {again ? 'Ask again' : 'Ask for a referral'}
          </Button>
          {again ? (
            <p className="-mt-2 flex items-center gap-2 text-xs text-fg-muted">
              Your last request: <RequestStatusBadge status={again.status} />
            </p>
          ) : null}
          {asking ? (
            <Suspense fallback={null}>
              <AskReferralDialog
                open
                onOpenChange={setAsking}
                offer={{ id: referral.id, title: `${referral.role} at ${referral.company}`, alumniName: alumnusName }}
              />
            </Suspense>
          ) : null}
        </>
      )}
    </Card>
  );
}
