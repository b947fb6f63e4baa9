import { Building2, IndianRupee, MapPin, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { DELETED_USER_NAME, displayName, roleLabel, type Referral } from '@alumlink/contract';
import { Avatar, Badge, Button, Card } from '@/components/ui';
import { offerStatusBadge } from '@/lib/offer-status';
import { MessageBox } from './message-box';

/** A referral offer: who offers it, the job, and a Message button to reach the alumnus. */
export function ReferralCard({ referral }: { referral: Referral }) {
  const [messageOpen, setMessageOpen] = useState(false);
  const { alumni } = referral;
  // Null once the alumnus deleted their account: the offer stays, closed, for its requests.
  const name = alumni ? displayName(alumni) : DELETED_USER_NAME;
  const badge = offerStatusBadge(referral.status);

  return (
    <Card role="article" aria-label={`Referral by ${name}`} className="flex flex-col gap-4 p-4 sm:p-5">
      <header className="flex items-start gap-3">
        <Avatar
          src={alumni ? (alumni.image ?? alumni.profile.profile_image) : null}
          personId={alumni?.id ?? null}
          name={name}
          alt=""
          size="md"
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-fg">{name}</p>
          <p className="text-sm text-fg-muted">
            {alumni ? roleLabel(alumni.role) : ''}
            {alumni?.company ? ` · ${alumni.company}` : ''}
          </p>
        </div>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
        <dt className="text-fg-muted">Role</dt>
        <dd className="font-medium text-fg">{referral.role}</dd>
        <dt className="text-fg-muted">Company</dt>
        <dd className="inline-flex items-center gap-1.5 text-fg">
          <Building2 aria-hidden="true" className="size-4 text-fg-subtle" />
          {referral.company}
        </dd>
        <dt className="text-fg-muted">CTC</dt>
        <dd className="inline-flex items-center gap-1 text-fg">
          <IndianRupee aria-hidden="true" className="size-4 text-fg-subtle" />
          {referral.ctc} LPA
        </dd>
        <dt className="text-fg-muted">Location</dt>
        <dd className="inline-flex items-center gap-1.5 text-fg">
          <MapPin aria-hidden="true" className="size-4 text-fg-subtle" />
          {referral.location}
        </dd>
      </dl>
      <div>
        <p className="text-sm font-medium text-fg-muted">Requirements</p>
        <p className="mt-1 text-sm break-words whitespace-pre-wrap text-fg">{referral.requirements}</p>
      </div>
      {alumni ? (
        <div className="mt-auto">
          <MessageBox
            userId={alumni.id}
            name={name}
            open={messageOpen}
            onOpenChange={setMessageOpen}
            trigger={
              <Button variant="secondary" size="sm" leftIcon={<MessageSquare aria-hidden="true" className="size-4" />}>
                Message
              </Button>
            }
          />
        </div>
      ) : null}
    </Card>
  );
}
