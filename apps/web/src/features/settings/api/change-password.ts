import { useMutation } from '@tanstack/react-query';
import { changePasswordResponseSchema, type ChangePasswordRequest, type ChangePasswordResponse } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { setTokens } from '@/lib/storage';

/** POST /api/account/password/: every session is signed out; the fresh tokens replace this tab's. */
export function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  return api.post('/api/account/password/', body, { schema: changePasswordResponseSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: (answer) => setTokens(answer.tokens) });
}
