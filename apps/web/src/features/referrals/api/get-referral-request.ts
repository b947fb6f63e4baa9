import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralRequestDetailSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { referralKeys } from './keys';

/** GET /api/referral-requests/{id}/: one request with its history (the timeline). */
export const referralRequestQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: referralKeys.request(requestId),
    queryFn: ({ signal }) => api.get(`/api/referral-requests/${requestId}/`, { schema: referralRequestDetailSchema, signal }),
  });

export function useReferralRequest(requestId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...referralRequestQueryOptions(requestId), enabled });
}
