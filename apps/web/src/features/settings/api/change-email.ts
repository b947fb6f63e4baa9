import { useMutation } from '@tanstack/react-query';
import { changeEmailResponseSchema, type ChangeEmailRequest, type ChangeEmailResponse } from '@alumlink/contract';
import { api } from '@/lib/api-client';

/** POST /api/account/email/: e-mails a code to the new address (nothing changes yet). */
export function requestEmailChange(body: ChangeEmailRequest): Promise<ChangeEmailResponse> {
  return api.post('/api/account/email/', body, { schema: changeEmailResponseSchema });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
