import { useMutation } from '@tanstack/react-query';
import { detailSchema, type ResetPasswordRequest } from '@alumlink/contract';
import { api } from '@/lib/api-client';

export function resetPassword(input: ResetPasswordRequest) {
  return api.post('/users/reset-password/', input, { schema: detailSchema, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
