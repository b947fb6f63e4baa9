import { queryOptions, useQuery } from '@tanstack/react-query';
import { signUpPolicyResponseSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { authKeys } from './keys';

/** The organisation's sign-up policy, for the sign-up page (no sign-in). */
export const signUpPolicyQueryOptions = () =>
  queryOptions({
    queryKey: [...authKeys.all, 'sign-up-policy'] as const,
    queryFn: ({ signal }) => api.get('/api/sign-up-policy/', { schema: signUpPolicyResponseSchema, signal, auth: false }),
    staleTime: 60_000,
  });

export function usePublicSignUpPolicy() {
  return useQuery(signUpPolicyQueryOptions());
}
