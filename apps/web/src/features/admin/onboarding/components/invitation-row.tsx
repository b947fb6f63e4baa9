import { ROLE_LABELS, type Invitation } from '@alumlink/contract';
import { Badge, Button } from '@/components/ui';
import { formatMediumDate } from '@/lib/format';
import type { InvitationAction } from '../api/change-invitation';

const TONES = { pending: 'brand', accepted: 'success', expired: 'neutral', revoked: 'danger' } as const;

export interface InvitationRowProps {
  invitation: Invitation;
  busy: InvitationAction | null;
  onAction: (invitation: Invitation, action: InvitationAction) => void;
}

/** One invitation: who, for what, its state and dates; resend and revoke while it is open. */
export function InvitationRow({ invitation, busy, onAction }: InvitationRowProps) {
  const name = [invitation.first_name, invitation.last_name].filter(Boolean).join(' ');
  const open = invitation.status === 'pending' || invitation.status === 'expired';
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-(--radius-card) border border-border bg-surface p-4">
      <div className="w-full min-w-0 space-y-1 sm:w-auto sm:flex-1">
        <p className="font-medium text-fg [overflow-wrap:anywhere]">
          {invitation.email}
          {name ? <span className="font-normal text-fg-muted"> · {name}</span> : null}
        </p>
        <p className="text-sm text-fg-muted">
          {ROLE_LABELS[invitation.role]}
          {invitation.cohort ? ` · ${invitation.cohort.name}` : ''} · by {invitation.invited_by} ·{' '}
          {invitation.status === 'accepted' && invitation.accepted_at
            ? `joined ${formatMediumDate(invitation.accepted_at)}`
            : `${invitation.status === 'expired' ? 'expired' : 'valid until'} ${formatMediumDate(invitation.expires_at)}`}
          {invitation.sent_count > 1 ? ` · sent ${invitation.sent_count} times` : ''}
        </p>
      </div>
      <Badge tone={TONES[invitation.status]}>{invitation.status}</Badge>
      {open ? (
        <div className="ml-auto flex gap-2 sm:ml-0">
          <Button
            size="sm"
            variant="secondary"
            loading={busy === 'resend'}
            onClick={() => onAction(invitation, 'resend')}
            aria-label={`Resend to ${invitation.email}`}
          >
            Resend
          </Button>
          <Button
            size="sm"
            variant="ghost"
            loading={busy === 'revoke'}
            onClick={() => onAction(invitation, 'revoke')}
            aria-label={`Revoke for ${invitation.email}`}
          >
            Revoke
          </Button>
        </div>
      ) : null}
    </li>
  );
}
