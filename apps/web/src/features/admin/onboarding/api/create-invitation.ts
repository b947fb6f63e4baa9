import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationSchema, type createInvitationRequestSchema } from '@alumlink/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

export type CreateInvitationValues = z.output<typeof createInvitationRequestSchema>;

/** Invites someone by e-mail (the e-mail goes through the server's outbox). */
export function createInvitation(body: CreateInvitationValues) {
  return api.post('/api/admin/invitations/', body, { schema: invitationSchema });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.invitationsAll() }),
  });
}
