import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signUpPolicyResponseSchema, type SignUpPolicyInput } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

export const signUpPolicyQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.signUpPolicy(),
    queryFn: ({ signal }) => api.get('/api/admin/sign-up-policy/', { schema: signUpPolicyResponseSchema, signal }),
  });

export function useSignUpPolicy() {
  return useQuery(signUpPolicyQueryOptions());
}

export function saveSignUpPolicy(body: SignUpPolicyInput) {
  return api.put('/api/admin/sign-up-policy/', body, { schema: signUpPolicyResponseSchema });
}

export function useSaveSignUpPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSignUpPolicy,
    onSuccess: (policy) => queryClient.setQueryData(adminKeys.signUpPolicy(), policy),
  });
}
