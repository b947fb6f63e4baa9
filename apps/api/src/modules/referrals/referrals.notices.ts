import { REFERRAL_REQUEST_STATUS_LABELS, type ReferralRequestStatus } from '@alumlink/contract';
import type { Notice } from '../notifications/notify.service';
import type { UserSummaryRow } from '../users/users.presenter';

/** Every referral notification leads to the person's referrals page. */
const REFERRALS_LINK = '/user/referrals';

type Offer = { role: string; company: string };

/** The sentence the requester reads when their request changes. */
export function statusChangeText(offer: Offer, status: ReferralRequestStatus, note?: string | null): string {
  const base = `Your referral request for ${offer.role} at ${offer.company} is now: ${REFERRAL_REQUEST_STATUS_LABELS[status]}.`;
  return note ? `${base} Note: ${note}` : base;
}

/** Someone asked the offer's owner for a referral (the sentence names them as the asker's summary reads). */
export function referralRequestedNotice(ownerId: number | null, actor: UserSummaryRow | null, who: string, offer: Offer): Notice {
  return {
    recipientId: ownerId,
    type: 'referral_requested',
    actor,
    text: `${who} asked you for a referral for ${offer.role} at ${offer.company}.`,
    link: REFERRALS_LINK,
    subject: `New referral request: ${offer.role} at ${offer.company}`,
  };
}

/** The owner moved a request along (or the system ended it: actor null): the requester is told. */
export function referralStatusNotice(
  requesterId: number | null,
  actor: UserSummaryRow | null,
  offer: Offer,
  status: ReferralRequestStatus,
  note?: string | null,
): Notice {
  return {
    recipientId: requesterId,
    type: 'referral_status_changed',
    actor,
    text: statusChangeText(offer, status, note),
    link: REFERRALS_LINK,
    subject: `Referral request: ${REFERRAL_REQUEST_STATUS_LABELS[status]}`,
  };
}

/** The requester withdrew their request (`who` null: they deleted their account): the owner is told. */
export function referralWithdrawnNotice(ownerId: number | null, actor: UserSummaryRow | null, who: string | null, offer: Offer): Notice {
  return {
    recipientId: ownerId,
    type: 'referral_status_changed',
    actor,
    text:
      who === null
        ? `A referral request for ${offer.role} at ${offer.company} was withdrawn: its requester deleted their account.`
        : `${who} withdrew their referral request for ${offer.role} at ${offer.company}.`,
    link: REFERRALS_LINK,
    subject: `Referral request withdrawn: ${offer.role} at ${offer.company}`,
  };
}
