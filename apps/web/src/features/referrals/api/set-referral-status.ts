import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referralSchema, type Referral } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { referralKeys } from './keys';

/** Closes (open: false) or reopens one of the caller's referrals. */
export function setReferralOpen(referralId: number, open: boolean): Promise<Referral> {
  return api.post(`/api/referrals/${referralId}/${open ? 'reopen' : 'close'}/`, undefined, { schema: referralSchema });
}

export function useSetReferralOpen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ referralId, open }: { referralId: number; open: boolean }) => setReferralOpen(referralId, open),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}
