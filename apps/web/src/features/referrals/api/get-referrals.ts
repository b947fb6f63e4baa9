import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { referralPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { referralKeys } from './keys';

function referralPages(key: readonly unknown[], path: string) {
  return infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => api.get(path, { schema: referralPageSchema, query: { cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });
}

/** Open referrals of every alumnus, newest first. */
export const openReferralsQueryOptions = () => referralPages(referralKeys.open(), '/api/referrals/');
/** The caller's own referrals, open and closed. */
export const myReferralsQueryOptions = () => referralPages(referralKeys.mine(), '/api/referrals/mine/');

export function useOpenReferrals({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...openReferralsQueryOptions(), enabled });
}

export function useMyReferrals({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...myReferralsQueryOptions(), enabled });
}
