import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unsubscribeInfoSchema, type UnsubscribeInfo } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

const unsubscribeKey = (token: string) => [...notificationKeys.all, 'unsubscribe', token] as const;

/** GET /api/unsubscribe/?token=: what an e-mail's link stops (no sign-in; changes nothing). */
export const unsubscribeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: unsubscribeKey(token),
    queryFn: ({ signal }) => api.get('/api/unsubscribe/', { schema: unsubscribeInfoSchema, query: { token }, auth: false, signal }),
    retry: false,
  });

export function useUnsubscribeInfo(token: string) {
  return useQuery({ ...unsubscribeQueryOptions(token), enabled: token !== '' });
}

/** POST /api/unsubscribe/?token=: turns those e-mails off. */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<UnsubscribeInfo> =>
      api.post('/api/unsubscribe/', undefined, { schema: unsubscribeInfoSchema, query: { token }, auth: false }),
    onSuccess: (info) => queryClient.setQueryData(unsubscribeKey(token), info),
  });
}
