import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referralRequestDetailSchema, type MoveReferralFields, type ReferralRequestDetail } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { referralKeys } from './keys';

/** POST /api/referral-requests/{id}/status/: the alumnus moves a request along. */
export function moveReferralRequest(requestId: number, body: MoveReferralFields): Promise<ReferralRequestDetail> {
  return api.post(`/api/referral-requests/${requestId}/status/`, body, { schema: referralRequestDetailSchema });
}

/** POST /api/referral-requests/{id}/withdraw/: the requester withdraws a waiting request. */
export function withdrawReferralRequest(requestId: number): Promise<ReferralRequestDetail> {
  return api.post(`/api/referral-requests/${requestId}/withdraw/`, undefined, { schema: referralRequestDetailSchema });
}

export function useMoveReferralRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, body }: { requestId: number; body: MoveReferralFields }) => moveReferralRequest(requestId, body),
    // A 409 means someone else moved it first: refetch either way, so the board shows the truth.
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.requests() }),
  });
}

export function useWithdrawReferralRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawReferralRequest,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: referralKeys.requests() }),
        queryClient.invalidateQueries({ queryKey: referralKeys.open() }),
      ]),
  });
}
