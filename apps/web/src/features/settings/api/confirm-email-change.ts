import { useMutation } from '@tanstack/react-query';
import { confirmEmailChangeResponseSchema, type ConfirmEmailChangeRequest, type ConfirmEmailChangeResponse } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { setStoredUser } from '@/lib/storage';

/** POST /api/account/email/confirm/: the code from the new address switches the e-mail. */
export function confirmEmailChange(body: ConfirmEmailChangeRequest): Promise<ConfirmEmailChangeResponse> {
  return api.post('/api/account/email/confirm/', body, { schema: confirmEmailChangeResponseSchema });
}

export function useConfirmEmailChange() {
  return useMutation({ mutationFn: confirmEmailChange, onSuccess: (answer) => setStoredUser(answer.user) });
}
