import { REFERRAL_REQUEST_STATUS_LABELS, type ReferralRequestStatus } from '@alumlink/contract';
import { Badge, type BadgeProps } from '@/components/ui';

const TONES: Record<ReferralRequestStatus, NonNullable<BadgeProps['tone']>> = {
  requested: 'neutral',
  referred: 'brand',
  interviewing: 'brand',
  hired: 'success',
  not_selected: 'danger',
  declined: 'danger',
  withdrawn: 'neutral',
  expired: 'neutral',
  closed: 'neutral',
};

/** A request's status as a coloured pill. */
export function RequestStatusBadge({ status }: { status: ReferralRequestStatus }) {
  return <Badge tone={TONES[status]}>{REFERRAL_REQUEST_STATUS_LABELS[status]}</Badge>;
}
