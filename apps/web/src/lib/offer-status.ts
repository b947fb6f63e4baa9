/**
 * The badge of a referral offer, the same words for members and administrators: an offer takes
 * requests (Open) or not any more (Closed).
 */
export const OFFER_STATUS_BADGE = {
  open: { label: 'Open', tone: 'success' },
  closed: { label: 'Closed', tone: 'neutral' },
} as const;

export function offerStatusBadge(status: string) {
  return status === 'open' ? OFFER_STATUS_BADGE.open : OFFER_STATUS_BADGE.closed;
}
