/** Query keys of the referrals page and the referral pipeline. */
export const referralKeys = {
  all: ['referrals'] as const,
  user: () => [...referralKeys.all, 'user'] as const,
  open: () => [...referralKeys.all, 'open'] as const,
  mine: () => [...referralKeys.all, 'mine'] as const,
  /** Everything about requests (boards, own requests, details): invalidated after any move. */
  requests: () => [...referralKeys.all, 'requests'] as const,
  board: (referralId: number) => [...referralKeys.requests(), 'board', referralId] as const,
  /** The requests on all of the alumnus's offers (the "All offers" board). */
  received: () => [...referralKeys.requests(), 'received'] as const,
  myRequests: () => [...referralKeys.requests(), 'mine'] as const,
  request: (requestId: number) => [...referralKeys.requests(), 'detail', requestId] as const,
};
