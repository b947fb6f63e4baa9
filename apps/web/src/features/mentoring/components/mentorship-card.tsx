import { displayName, MENTORING_LIMITS, type Mentorship, type MentorshipStatus } from '@alumlink/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Avatar, Badge, type BadgeProps, Button, buttonClasses, Card, Dialog, Field, Textarea } from '@/components/ui';
import { conversationHref } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatRelativeTime } from '@/lib/format-relative-time';
import { useMentorshipAction, type MentorshipAction } from '../api/mentorship-action';

const STATUS: Record<MentorshipStatus, { label: string; tone: NonNullable<BadgeProps['tone']> }> = {
  pending: { label: 'Pending', tone: 'brand' },
  active: { label: 'Active', tone: 'success' },
  declined: { label: 'Declined', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  completed: { label: 'Completed', tone: 'neutral' },
};

const DONE: Record<MentorshipAction, string> = {
  accept: 'Mentorship accepted.',
  decline: 'Request declined.',
  cancel: 'Request cancelled.',
  complete: 'Mentorship marked complete.',
};

function DeclineDialog({ onDecline, pending }: { onDecline: (reason: string) => Promise<void>; pending: boolean }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" size="sm">
          Decline
        </Button>
      }
      title="Decline this request?"
      description="You can say why; the mentee sees your reason."
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Keep it
          </Button>
          <Button variant="danger" loading={pending} onClick={() => void onDecline(reason.trim()).then(() => setOpen(false))}>
            Decline
          </Button>
        </>
      }
    >
      <Field label="Reason" labelSuffix="(optional)">
        <Textarea rows={3} maxLength={MENTORING_LIMITS.reasonMax} value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
    </Dialog>
  );
}

/** One mentorship seen by the caller (as mentor or mentee), with the moves their side may make. */
export function MentorshipCard({ mentorship, side }: { mentorship: Mentorship; side: 'mentor' | 'mentee' }) {
  const act = useMentorshipAction();
  const navigate = useNavigate();
  const other = side === 'mentor' ? mentorship.mentee : mentorship.mentor;
  const otherName = other ? displayName(other) : 'Deleted user';
  const status = STATUS[mentorship.status];

  const handle = async (action: MentorshipAction, reason?: string) => {
    try {
      const result = await act.mutateAsync({ id: mentorship.id, action, reason });
      toast.success(DONE[action]);
      if (action === 'accept' && result.conversation_id !== null) void navigate(conversationHref(result.conversation_id));
    } catch (error) {
      toast.error((isApiError(error) && error.detail) || 'Failed to update the mentorship. Please try again.');
    }
  };

  return (
    <Card className="flex flex-col gap-3 p-4" role="article" aria-label={`Mentorship with ${otherName} on ${mentorship.topic}`}>
      <div className="flex items-start gap-3">
        <Avatar src={other?.image} personId={other?.id ?? null} name={otherName} alt="" size="sm" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold text-fg">{otherName}</p>
            <Badge tone={status.tone}>{status.label}</Badge>
          </div>
          <p className="text-sm text-fg-muted">
            {side === 'mentor' ? 'Mentee' : 'Mentor'} · {mentorship.topic} ·{' '}
            <time dateTime={mentorship.created_at}>{formatRelativeTime(mentorship.created_at, new Date(), 'short')}</time>
          </p>
        </div>
      </div>
      <p className="text-sm break-words whitespace-pre-line text-fg">{mentorship.message}</p>
      {mentorship.decline_reason ? <p className="text-sm text-fg-muted">Reason: {mentorship.decline_reason}</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {mentorship.status === 'active' && mentorship.conversation_id !== null ? (
          <Link to={conversationHref(mentorship.conversation_id)} className={buttonClasses('secondary', 'sm')}>
            Open conversation
          </Link>
        ) : null}
        {mentorship.status === 'pending' && side === 'mentor' ? (
          <>
            <DeclineDialog pending={act.isPending} onDecline={(reason) => handle('decline', reason || undefined)} />
            <Button size="sm" loading={act.isPending} onClick={() => void handle('accept')}>
              Accept
            </Button>
          </>
        ) : null}
        {mentorship.status === 'pending' && side === 'mentee' ? (
          <Button variant="secondary" size="sm" loading={act.isPending} onClick={() => void handle('cancel')}>
            Cancel request
          </Button>
        ) : null}
        {mentorship.status === 'active' ? (
          <Button variant="secondary" size="sm" loading={act.isPending} onClick={() => void handle('complete')}>
            Mark complete
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
