import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

export type InvitationAction = 'resend' | 'revoke';

/** Resend (a new link, e-mailed again) or revoke a pending or expired invitation. */
export function changeInvitation({ id, action }: { id: number; action: InvitationAction }) {
  return api.post(`/api/admin/invitations/${id}/${action}/`, undefined, { schema: invitationSchema });
}

export function useChangeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.invitationsAll() }),
  });
}
