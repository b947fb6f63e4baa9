/** Query keys of the referrals page. */
export const referralKeys = {
  all: ['referrals'] as const,
  user: () => [...referralKeys.all, 'user'] as const,
  open: () => [...referralKeys.all, 'open'] as const,
  mine: () => [...referralKeys.all, 'mine'] as const,
};
