import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { publicInvitationSchema, tokenPairSchema, type AcceptInvitationRequest } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { authKeys } from './keys';
import { cacheSignedInUser, completeSignIn } from './login';

/** What an invitation link is for (no sign-in); 410 invitation_gone once used, revoked or expired. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...authKeys.all, 'invitation', token] as const,
    queryFn: ({ signal }) =>
      api.get(`/api/invitations/${encodeURIComponent(token)}/`, { schema: publicInvitationSchema, signal, auth: false }),
    retry: false,
  });

export function useInvitation(token: string) {
  return useQuery({ ...invitationQueryOptions(token), enabled: token.length > 0 });
}

/** Accepts with a password: the tokens are stored and the new profile fetched (signed in). */
export async function acceptInvitation({ token, body }: { token: string; body: AcceptInvitationRequest }) {
  const tokens = await api.post(`/api/invitations/${encodeURIComponent(token)}/accept/`, body, { schema: tokenPairSchema, auth: false });
  return completeSignIn(tokens);
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptInvitation, onSuccess: (user) => cacheSignedInUser(queryClient, user) });
}
