import { MessageSquare } from 'lucide-react';
import { useNavigate } from 'react-router';
import { displayName, roleLabel, type Referral } from '@alumlink/contract';
import { Avatar, Button, Card } from '@/components/ui';
import { messageUserHref } from '@/config/paths';
import { ReferralDetails } from './referral-details';

/** The message prefilled when someone asks an alumnus for a referral. */
export function askForReferralText(referral: Referral): string {
  return `Hi ${referral.alumni.first_name || displayName(referral.alumni)}, I saw your referral for ${referral.role} at ${referral.company} and would love to be referred. Could we talk?`;
}

/** An open referral with its alumnus and 'Ask for a referral' (opens a chat with a prefilled message). */
export function OpenReferralCard({ referral, isOwn }: { referral: Referral; isOwn: boolean }) {
  const navigate = useNavigate();
  const alumnusName = displayName(referral.alumni);
  return (
    <Card className="flex h-full flex-col gap-4 p-5" role="article" aria-label={`${referral.role} at ${referral.company}`}>
      <div className="flex items-center gap-3">
        <Avatar src={referral.alumni.image} personId={referral.alumni.id} name={alumnusName} alt="" size="md" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-fg">{alumnusName}</p>
          <p className="truncate text-xs text-fg-muted">
            {roleLabel(referral.alumni.role)}
            {referral.alumni.company ? ` · ${referral.alumni.company}` : ''}
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
      ) : (
        <Button
          variant="secondary"
          onClick={() => void navigate(messageUserHref(referral.alumni.id, askForReferralText(referral)))}
          leftIcon={<MessageSquare aria-hidden="true" className="size-4" />}
          aria-label={`Ask for a referral: ${referral.role} at ${referral.company}`}
        >
          Ask for a referral
        </Button>
      )}
    </Card>
  );
}
