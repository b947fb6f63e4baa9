import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { referralRequestPageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { referralKeys } from './keys';

function requestPages(key: readonly unknown[], path: string) {
  return infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam, signal }) =>
      api.get(path, { schema: referralRequestPageSchema, query: { cursor: pageParam, limit: 100 }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });
}

/** GET /api/referrals/{id}/requests/: one offer's requests (its alumnus), for the board. */
export const boardQueryOptions = (referralId: number) =>
  requestPages(referralKeys.board(referralId), `/api/referrals/${referralId}/requests/`);
/** GET /api/referral-requests/received/: the requests on all of the caller's offers (the "All offers" board). */
export const receivedRequestsQueryOptions = () => requestPages(referralKeys.received(), '/api/referral-requests/received/');
/** GET /api/referral-requests/mine/: the caller's requests. */
export const myRequestsQueryOptions = () => requestPages(referralKeys.myRequests(), '/api/referral-requests/mine/');

export function useReferralBoard(referralId: number | null) {
  return useInfiniteQuery({ ...boardQueryOptions(referralId ?? 0), enabled: referralId !== null });
}

export function useReceivedReferralRequests({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...receivedRequestsQueryOptions(), enabled });
}

export function useMyReferralRequests() {
  return useInfiniteQuery(myRequestsQueryOptions());
}
