import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referralSchema, type CreateReferralFields, type Referral } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { referralKeys } from './keys';

export function createReferral(body: CreateReferralFields): Promise<Referral> {
  return api.post('/api/referrals/create/', body, { schema: referralSchema });
}

export function useCreateReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReferral,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}
