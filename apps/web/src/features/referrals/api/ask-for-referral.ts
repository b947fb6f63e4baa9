import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referralRequestDetailSchema, type AskReferralFields, type ReferralRequestDetail } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { referralKeys } from './keys';

/** POST /api/referrals/{id}/requests/: asks the alumnus for a referral on their offer. */
export function askForReferral(referralId: number, body: AskReferralFields): Promise<ReferralRequestDetail> {
  return api.post(`/api/referrals/${referralId}/requests/`, body, { schema: referralRequestDetailSchema });
}

export function useAskForReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ referralId, body }: { referralId: number; body: AskReferralFields }) => askForReferral(referralId, body),
    // The offer now shows "Asked": the open offers and the requests both change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: referralKeys.requests() }),
        queryClient.invalidateQueries({ queryKey: referralKeys.open() }),
      ]),
  });
}
