import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { referralPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** One page of every referral offer (open and closed), newest first. */
export function getAdminReferralsPage({ cursor, signal }: { cursor: string | null; signal?: AbortSignal }) {
  return api.get('/api/admin/referrals/', { schema: referralPageSchema, query: { cursor }, signal });
}

export const adminReferralsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.referrals(),
    queryFn: ({ pageParam, signal }) => getAdminReferralsPage({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useAdminReferrals() {
  return useInfiniteQuery(adminReferralsQueryOptions());
}
