import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { referralKeys } from './keys';

/** GET /api/referral-user/: the signed-in person, whose role decides what the page shows. */
export const referralUserQueryOptions = () =>
  queryOptions({
    queryKey: referralKeys.user(),
    queryFn: ({ signal }) => api.get('/api/referral-user/', { schema: userSchema, signal }),
    staleTime: 0,
  });

export function useReferralUser() {
  return useQuery(referralUserQueryOptions());
}
