import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';

export const profileKeys = {
  all: ['profiles'] as const,
  /** `'me'` is the signed-in person's own profile. */
  detail: (who: number | 'me') => [...profileKeys.all, who] as const,
};

/** A profile: the signed-in person's own (`'me'`) or someone's by id. */
export function getProfile(who: number | 'me', signal?: AbortSignal) {
  if (who === 'me') return api.get('/social/user-profiles/me/', { schema: userSchema, signal });
  return api.get('/social/user-profiles/by-id/', { schema: userSchema, query: { user_id: who }, signal });
}

export const profileQueryOptions = (who: number | 'me') =>
  queryOptions({ queryKey: profileKeys.detail(who), queryFn: ({ signal }) => getProfile(who, signal) });

export function useProfile(who: number | 'me' | null) {
  return useQuery({ ...profileQueryOptions(who ?? 'me'), enabled: who !== null });
}
